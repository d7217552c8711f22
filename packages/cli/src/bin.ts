#!/usr/bin/env node
import { main } from './main.js';
import { nodeIO } from './node-io.js';

process.exitCode = await main(process.argv.slice(2), nodeIO);
