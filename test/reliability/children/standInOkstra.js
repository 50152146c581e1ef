#!/usr/bin/env node
// R5's stand-in okstra: prints the argv it received (after the program) as JSON
// on stdout and changes nothing, so the caller can compare it with renderArgv.
'use strict';
process.stdout.write(JSON.stringify(process.argv.slice(2)));
