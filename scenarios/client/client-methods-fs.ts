/**
 * fs checks of a client that advertised fs: what its fs/read_text_file answered against the
 * file the kit wrote, and what its fs/write_text_file left on the disk against the bytes the
 * agent sent (file-system.mdx). The probe's steps are named in peers/agent/client-methods-probe.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ScenarioContext } from "../../kit/scenario.js";
import { checkNotExercised } from "./shared-checks.js";
import { PROBE } from "../../peers/agent/client-methods-probe.js";
import {
  describeError,
  needSteps,
  resultOf,
  type ProbeRun,
  type ProbeStep,
} from "./client-methods-probe-run.js";

/** The expected content of each read step; a last line without its newline is accepted too. */
const READS = [
  { step: "read-whole", expected: PROBE.linesContent, asked: "the whole file" },
  { step: "read-line-2-limit-2", expected: "two\nthree\n", asked: "line 2, limit 2" },
  { step: "read-line-1-limit-1", expected: "one\n", asked: "line 1, limit 1 (lines are 1-based)" },
] as const;

function recordReads(context: ScenarioContext, probe: ProbeRun): void {
  const requirement = "client.fs.read-line-limit";
  const advertised = { yes: probe.fs?.readTextFile === true, what: "fs.readTextFile" };
  const steps = needSteps(
    context,
    probe,
    requirement,
    advertised,
    READS.map((read) => read.step),
  );
  if (!steps) return;
  const problems: string[] = [];
  READS.forEach((read, index) => {
    const step = steps[index]!;
    if (step.error !== undefined) {
      problems.push(
        `${read.asked}: error ${describeError(step)} although the client advertised fs.readTextFile`,
      );
      return;
    }
    const content = resultOf(step)?.content;
    if (typeof content !== "string")
      problems.push(`${read.asked}: the answer ${JSON.stringify(step.result)} has no string content`);
    else if (content !== read.expected && content !== read.expected.replace(/\n$/, ""))
      problems.push(`${read.asked}: ${JSON.stringify(content)}, expected ${JSON.stringify(read.expected)}`);
  });
  context.check(
    problems.length > 0
      ? {
          requirement,
          verdict: "fail",
          message: `fs/read_text_file of a 5-line file the kit wrote answered wrongly: ${problems.join("; ")}`,
        }
      : {
          requirement,
          verdict: "pass",
          message:
            "fs/read_text_file answered { content } with the real file: whole, lines 2-3 for line 2 limit 2, line 1 for line 1 limit 1",
        },
  );
}

function recordMissing(context: ScenarioContext, probe: ProbeRun): void {
  const requirement = "client.fs.missing-file-error";
  const advertised = { yes: probe.fs?.readTextFile === true, what: "fs.readTextFile" };
  const [step] = needSteps(context, probe, requirement, advertised, ["read-missing"]) ?? [];
  if (!step) return;
  if (step.error === undefined) {
    context.check({
      requirement,
      verdict: "fail",
      message: `fs/read_text_file of a file that does not exist answered ${JSON.stringify(step.result).slice(0, 200)}, not an error (-32002 preferred)`,
    });
    return;
  }
  const code = (step.error as { code?: unknown }).code;
  context.check({
    requirement,
    verdict: "pass",
    message:
      code === -32002
        ? "fs/read_text_file of a file that does not exist got error -32002 (resource not found)"
        : `fs/read_text_file of a file that does not exist got an error (${describeError(step)}); -32002, resource not found, would say why`,
  });
}

/** What is wrong with the write's answer and the file it left, or undefined. */
function writeProblem(step: ProbeStep, dir: string): string | undefined {
  if (step.error !== undefined)
    return `fs/write_text_file of a new file got error ${describeError(step)}, though the client advertised fs.writeTextFile and wrote an existing file`;
  const empty =
    step.result === null ||
    (typeof step.result === "object" && Object.keys(step.result as object).every((key) => key === "_meta"));
  if (!empty)
    return `fs/write_text_file answered ${JSON.stringify(step.result).slice(0, 200)}, not an empty result`;
  const sent = Buffer.from(PROBE.writtenContent, "utf8");
  let written: Buffer;
  try {
    written = readFileSync(join(dir, PROBE.writtenFile));
  } catch {
    return `fs/write_text_file answered success, but ${PROBE.writtenFile} does not exist in ${dir}`;
  }
  if (!written.equals(sent))
    return `the file fs/write_text_file created holds ${written.length} bytes ${JSON.stringify(written.toString("utf8"))}, not the ${sent.length} bytes sent ${JSON.stringify(PROBE.writtenContent)}`;
  return undefined;
}

function recordWrite(context: ScenarioContext, probe: ProbeRun): void {
  const requirement = "client.fs.write-creates-file";
  const advertised = { yes: probe.fs?.writeTextFile === true, what: "fs.writeTextFile" };
  const [step, existing] =
    needSteps(context, probe, requirement, advertised, ["write-new", "write-existing"]) ?? [];
  if (!step || !existing) return;
  // A client may refuse writes by its own policy (a user who said no, a read-only mode): when it
  // refused the existing file too, a missing file is not why, and the MUST is not what was seen.
  if (step.error !== undefined && existing.error !== undefined) {
    checkNotExercised(
      context,
      requirement,
      `the client refused every write, of a new file (${describeError(step)}) and of an existing one (${describeError(existing)}): run it with a policy that lets the agent write (for example an "approve all" option) to test that it creates missing files`,
    );
    return;
  }
  const problem = writeProblem(step, probe.dir ?? "");
  context.check(
    problem
      ? { requirement, verdict: "fail", message: problem }
      : {
          requirement,
          verdict: "pass",
          message: `fs/write_text_file created the missing file with exactly the ${Buffer.byteLength(PROBE.writtenContent)} bytes sent (multi-byte text, CRLF kept) and answered ${JSON.stringify(step.result)}`,
        },
  );
}

export function recordFsChecks(context: ScenarioContext, probe: ProbeRun): void {
  recordReads(context, probe);
  recordMissing(context, probe);
  recordWrite(context, probe);
}
