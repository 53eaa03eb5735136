#!/usr/bin/env bash
# Stop the reference WordPress ($WP_VERSION) started by up.sh: only the processes recorded in
# the pid files of the state dir (php -S and its workers, the private mariadbd).
# Quiet and successful when nothing is running. Packages stay installed.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=versions.sh
. "$here/versions.sh"
state=${WP_STATE_DIR:-$(wp_default_state "$version")}

# running PID PATTERN: PID exists, is not a zombie and its command line
# matches PATTERN (guards against a recycled pid belonging to someone else).
running() {
  local st
  st=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
  [[ -n "$st" && "$st" != Z ]] || return 1
  tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -qE -- "$2"
}

# wait_for SECONDS PATTERN PID...: wait until none of PIDs is running.
wait_for() {
  local secs=$1 pattern=$2 i p left
  shift 2
  for ((i = 0; i < secs * 10; i++)); do
    left=0
    for p in "$@"; do
      if running "$p" "$pattern"; then left=1; fi
    done
    ((left)) || return 0
    sleep 0.1
  done
  return 1
}

# stop PIDFILE PATTERN NAME
stop() {
  local pidfile=$1 pattern=$2 name=$3 pid pids=() p i
  [[ -f "$pidfile" ]] || return 0
  pid=$(tr -dc '0-9' <"$pidfile")
  if [[ -n "$pid" ]] && running "$pid" "$pattern"; then
    pids=("$pid")
    # php -S with PHP_CLI_SERVER_WORKERS forks workers, which outlive a
    # SIGTERM to the master: stop them too.
    for p in $(pgrep -P "$pid" || true); do
      if running "$p" "$pattern"; then pids+=("$p"); fi
    done
    kill -TERM "${pids[@]}" 2>/dev/null || true
    # up to 30 s: mariadbd flushes InnoDB on shutdown
    if ! wait_for 30 "$pattern" "${pids[@]}"; then
      echo "down.sh: $name (pids ${pids[*]}) did not stop after 30 s, sending SIGKILL" >&2
      kill -KILL "${pids[@]}" 2>/dev/null || true
      wait_for 5 "$pattern" "${pids[@]}" || {
        echo "down.sh: $name (pids ${pids[*]}) is still running" >&2
        return 1
      }
    fi
    # They are orphans: give init a moment (up to 10 s) to reap the zombies.
    for ((i = 0; i < 100; i++)); do
      local zombies=0
      for p in "${pids[@]}"; do
        if [[ -e /proc/$p ]]; then zombies=1; fi
      done
      ((zombies)) || break
      sleep 0.1
    done
  fi
  rm -f "$pidfile"
}

stop "$state/php.pid" '^php[0-9.]* -S ' 'php -S'
stop "$state/mariadb.pid" 'mariadbd' 'mariadbd'
rm -f "$state/mysql.sock" "$state/env"
