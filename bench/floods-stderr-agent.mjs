#!/usr/bin/env node
// For the memory figure: writes 1 GiB to stderr (as fast as the kit reads it), then answers
// initialize like the raw agent. The kit must keep only a bounded tail of it.
const chunk = Buffer.alloc(1024 * 1024, "e");
let left = 1024;
function flood() {
  while (left > 0) {
    left -= 1;
    if (!process.stderr.write(chunk)) return void process.stderr.once("drain", flood);
  }
  void import("./raw-agent.mjs");
}
flood();
