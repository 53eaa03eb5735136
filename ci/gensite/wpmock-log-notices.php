<?php
/**
 * Plugin Name: wpmock notices logged
 * Description: Logs _doing_it_wrong, deprecated calls and arguments to PHP's error log even with WP_DEBUG off (ci/gensite/install.sh puts it in a generated site's mu-plugins): a generated site whose registration WordPress calls wrong is a generator bug, and WordPress only reports it with WP_DEBUG on, which would print notices into the JSON the comparison reads.
 */
foreach (['doing_it_wrong_run' => 3, 'deprecated_function_run' => 3, 'deprecated_argument_run' => 3, 'deprecated_hook_run' => 4] as $hook => $args) {
    add_action($hook, function (...$a) use ($hook) {
        error_log("wpmock notice: $hook: " . implode(' | ', array_map('strval', $a)));
    }, 10, $args);
}
