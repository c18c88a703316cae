/** The CLI's exit codes, the contract CI pipelines depend on: never anything else. */
export const EXIT = { conformant: 0, notConformant: 1, usage: 2 } as const;
