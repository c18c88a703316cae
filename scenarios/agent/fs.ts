/**
 * fs: the kit advertises one fs method, serves it on real files in the session directory, and
 * steers the agent (--read-prompt, --write-prompt) to use it on a file there. The read
 * scenario holds an unsaved edit of the file (a nonce the disk does not have), so the content
 * the agent reports shows whether it read through the client. An agent that does not use the
 * client's file system here is not applicable, not failed.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Scenario } from "../../kit/scenario.js";
import {
  checkNamedPaths,
  clientCalls,
  fillPath,
  methodOf,
  offerCapabilities,
  reportedText,
} from "./client-capabilities.js";
import { AgentUnderTest } from "./driver.js";
import { SessionRoot } from "./serve-fs.js";
import { excerptAround, excerptBetween } from "./evidence.js";

/** The file the kit asks about: a nonce on its first line, then multi-byte text the kit's read must keep intact. */
const fileText = (nonce: string) =>
  `acp-conformance nonce ${nonce}\nünïcødé ✓ 日本語 🎉 — second line\nthird line\n`;

const nonce = () => randomUUID().replaceAll("-", "").slice(0, 16);

const pathParam = (call: { message: unknown }) =>
  (call.message as { params?: { path?: unknown } }).params?.path;

export const fsReadScenario: Scenario = {
  id: "agent.fs.read-text-file",
  title: "asked to read a file, with fs.readTextFile advertised (and an unsaved edit of it)",
  mode: "agent",
  requirements: [
    "agent.fs.paths-absolute",
    "agent.fs.paths-inside-session-cwd",
    "agent.session-matching.session-cwd-used",
    "agent.fs.read-through-client",
    // Recorded over every scenario (client-call-checks.ts); a read through the client is what they need to see.
    "agent.fs.names-its-session",
    "agent.fs.one-based-lines",
  ],
  needs: ["read-prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    const { fileSystem } = offerCapabilities(agent, { readTextFile: true });
    const file = join(agent.sessionCwd, "notes.txt");
    const onDisk = nonce();
    const inBuffer = nonce();
    writeFileSync(file, fileText(onDisk));
    fileSystem.buffers.set(file, fileText(inBuffer));
    await agent.handshake();
    const sessionId = await agent.newSession();
    const turn = await agent.prompt(sessionId, fillPath(context.options.prompts.readPrompt!, file));
    agent.ownDeadline.add(turn.request);
    checkNamedPaths(agent, turn);

    const reads = clientCalls(agent, turn, "fs/").filter((call) => methodOf(call) === "fs/read_text_file");
    const text = reportedText(turn);
    const evidence = { transcript: excerptBetween(agent.transcript, turn.request.seq, turn.endSeq) };
    if (text.includes(inBuffer))
      context.check({
        requirement: "agent.fs.read-through-client",
        verdict: "pass",
        message: `the agent reported the client's unsaved content of ${file} (nonce ${inBuffer}), read with ${reads.length} fs/read_text_file request(s)`,
      });
    else if (text.includes(onDisk))
      context.check({
        requirement: "agent.fs.read-through-client",
        verdict: "fail",
        message: `the agent reported the disk's content of ${file} (nonce ${onDisk}), not the client's unsaved edit (nonce ${inBuffer}): it read the file behind the client's back${reads.length > 0 ? "" : ", with no fs/read_text_file request"}`,
        evidence,
      });
    else if (reads.length > 0)
      context.check({
        requirement: "agent.fs.read-through-client",
        verdict: "not-tested",
        message: `the agent sent ${reads.length} fs/read_text_file request(s) but quoted neither version of the file's first line; the check needs a --read-prompt that asks it to quote the first line`,
        unlock: "--read-prompt <text> that asks the agent to quote the first line of {path}",
      });
    else
      context.check({
        requirement: "agent.fs.read-through-client",
        verdict: "not-applicable",
        message: `the agent neither read ${file} through fs/read_text_file nor quoted it: it does not read files through the client here`,
      });
  },
};

export const fsWriteScenario: Scenario = {
  id: "agent.fs.write-text-file",
  title: "asked to write a file, with fs.writeTextFile advertised",
  mode: "agent",
  requirements: [
    "agent.fs.paths-absolute",
    "agent.fs.paths-inside-session-cwd",
    "agent.session-matching.session-cwd-used",
    "agent.fs.write-through-client",
  ],
  needs: ["write-prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    offerCapabilities(agent, { writeTextFile: true });
    const file = join(agent.sessionCwd, "written-by-agent.txt");
    await agent.handshake();
    const sessionId = await agent.newSession();
    const turn = await agent.prompt(sessionId, fillPath(context.options.prompts.writePrompt!, file));
    agent.ownDeadline.add(turn.request);
    checkNamedPaths(agent, turn);

    const writes = clientCalls(agent, turn, "fs/").filter((call) => methodOf(call) === "fs/write_text_file");
    const toFile = writes.find((call) => {
      const path = pathParam(call);
      return typeof path === "string" && new SessionRoot(agent.sessionCwd).canonical(path) === file;
    });
    const onDisk = existsSync(file) ? readFileSync(file, "utf8") : undefined;
    if (toFile)
      context.check({
        requirement: "agent.fs.write-through-client",
        verdict: "pass",
        message: `the agent wrote ${file} through fs/write_text_file${onDisk !== undefined ? ` (${Buffer.byteLength(onDisk)} bytes)` : ""}`,
      });
    else if (onDisk !== undefined)
      context.check({
        requirement: "agent.fs.write-through-client",
        verdict: "fail",
        message: `${file} appeared on disk (${Buffer.byteLength(onDisk)} bytes) with no fs/write_text_file request for it: the agent wrote it behind the client's back`,
        evidence: {
          transcript: excerptAround(agent.transcript, turn.endSeq),
          details: { written: onDisk.slice(0, 200), fsWrites: writes.map(pathParam) },
        },
      });
    else if (writes.length > 0)
      context.check({
        requirement: "agent.fs.write-through-client",
        verdict: "not-tested",
        message: `the agent wrote other paths (${writes.map((call) => JSON.stringify(pathParam(call))).join(", ")}) but not ${file}`,
        unlock: "--write-prompt <text> that asks the agent to write the file {path}",
      });
    else
      context.check({
        requirement: "agent.fs.write-through-client",
        verdict: "not-applicable",
        message: `the agent neither wrote ${file} through fs/write_text_file nor on disk: it does not write files through the client here`,
      });
  },
};
