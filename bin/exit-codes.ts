/**
 * The CLI's exit codes, the contract CI pipelines depend on: never anything else. A run exits 0
 * only when it is conformant (after the baseline); not conformant, incomplete (a MUST went
 * untested), blocked and unstable (--repeat saw a verdict change) all exit 1, since none of them
 * shows the target conformant. A baseline
 * can list untested MUSTs to gate CI on the rest.
 */
export const EXIT = { conformant: 0, notConformant: 1, usage: 2 } as const;
