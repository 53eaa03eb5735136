<?php
// Writes vendor/autoload.php for a WPGraphQL tree assembled by plugin.sh, in place of
// composer's: the plugin's composer.json autoloads WPGraphQL\ from src/ (PSR-4) and the
// classes of deprecated/ and src/WPGraphQL.php by class map; the libraries' own
// composer.json files say GraphQL\ from src/ (webonyx/graphql-php, PSR-4) and the classes
// of src/ (ivome/graphql-relay-php, a class map whose files follow GraphQLRelay\ PSR-4).
// Usage: php autoload-shim.php PLUGIN_DIR SPEC...   SPEC: psr4:Prefix\=dir/ or
// classmap:path, both relative to the plugin dir. The class map is read here, once, with
// PHP's tokenizer (namespace + class/interface/trait/enum names), as composer does.
if ($argc < 3) {
    fwrite(STDERR, "usage: php autoload-shim.php PLUGIN_DIR SPEC...\n");
    exit(2);
}
$root = rtrim($argv[1], '/');
$psr4 = [];
$classmap = [];

function wpmock_classes_in(string $file): array {
    $tokens = token_get_all(file_get_contents($file));
    $ns = '';
    $out = [];
    for ($i = 0, $n = count($tokens); $i < $n; $i++) {
        if (!is_array($tokens[$i])) {
            continue;
        }
        if ($tokens[$i][0] === T_NAMESPACE) {
            $ns = '';
            for ($i++; $i < $n && $tokens[$i] !== ';' && $tokens[$i] !== '{'; $i++) {
                if (is_array($tokens[$i]) && in_array($tokens[$i][0], [T_STRING, T_NAME_QUALIFIED], true)) {
                    $ns .= $tokens[$i][1];
                }
            }
            continue;
        }
        if (in_array($tokens[$i][0], [T_CLASS, T_INTERFACE, T_TRAIT, T_ENUM], true)) {
            // "::class" and anonymous classes are not declarations
            $prev = $i - 1;
            while ($prev >= 0 && is_array($tokens[$prev]) && $tokens[$prev][0] === T_WHITESPACE) {
                $prev--;
            }
            if ($prev >= 0 && is_array($tokens[$prev]) && $tokens[$prev][0] === T_DOUBLE_COLON) {
                continue;
            }
            for ($j = $i + 1; $j < $n && is_array($tokens[$j]) && $tokens[$j][0] === T_WHITESPACE; $j++) {
            }
            if ($j < $n && is_array($tokens[$j]) && $tokens[$j][0] === T_STRING) {
                $out[] = ltrim($ns . '\\' . $tokens[$j][1], '\\');
            }
        }
    }
    return $out;
}

foreach (array_slice($argv, 2) as $spec) {
    [$kind, $arg] = explode(':', $spec, 2);
    if ($kind === 'psr4') {
        [$prefix, $dir] = explode('=', $arg, 2);
        $psr4[str_replace('\\\\', '\\', $prefix)] = $dir;
    } elseif ($kind === 'classmap') {
        $path = "$root/$arg";
        $files = is_dir($path)
            ? iterator_to_array(new RecursiveIteratorIterator(new RecursiveDirectoryIterator($path, FilesystemIterator::SKIP_DOTS)))
            : [new SplFileInfo($path)];
        foreach ($files as $f) {
            if (substr($f->getPathname(), -4) !== '.php') {
                continue;
            }
            foreach (wpmock_classes_in($f->getPathname()) as $class) {
                $classmap[$class] = substr($f->getPathname(), strlen($root) + 1);
            }
        }
    } else {
        fwrite(STDERR, "autoload-shim.php: unknown spec $spec\n");
        exit(2);
    }
}
ksort($classmap);
$php = "<?php\n// Written by wpmock's ci/graphql/autoload-shim.php in place of composer's autoloader.\n"
    . '$wpmock_root = dirname(__DIR__);' . "\n"
    . '$wpmock_psr4 = ' . var_export($psr4, true) . ";\n"
    . '$wpmock_classmap = ' . var_export($classmap, true) . ";\n"
    . <<<'PHP'
spl_autoload_register(static function (string $class) use ($wpmock_root, $wpmock_psr4, $wpmock_classmap): void {
    if (isset($wpmock_classmap[$class])) {
        require_once $wpmock_root . '/' . $wpmock_classmap[$class];
        return;
    }
    foreach ($wpmock_psr4 as $prefix => $dir) {
        if (strncmp($class, $prefix, strlen($prefix)) === 0) {
            $file = $wpmock_root . '/' . $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require_once $file;
                return;
            }
        }
    }
});

PHP;
@mkdir("$root/vendor", 0755, true);
file_put_contents("$root/vendor/autoload.php", $php);
printf("autoload-shim.php: %d PSR-4 prefixes, %d classes mapped\n", count($psr4), count($classmap));
