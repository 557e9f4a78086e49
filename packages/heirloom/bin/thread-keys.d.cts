// The types of thread-keys.cjs, for the engine's sources that import it.
export declare const SUPERVISOR_KEY: "heirloomSupervisor";
export declare const SUPERVISOR_MESSAGES: {
  readonly run: "run";
  readonly exit: "exit";
  readonly leaves: "leaves";
  readonly cleared: "cleared";
};
export declare const LOAD_KEY: "heirloomLoad";
export declare const KEEP_CODE: "keep code";
export declare const WAITING_THREAD: "heirloom.devSiteThread";
export declare const MEMORY_BYTES: number;
export declare const CLOCKS_AT: number;
export declare const PAST_BUDGET_MS: number;
export declare const DEFAULT_TIMEOUT_MS: number;
