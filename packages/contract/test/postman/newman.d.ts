// The part of newman's API the tests use (newman ships no types).
declare module "newman" {
  interface RunOptions {
    collection: unknown;
    environment?: unknown;
    envVar?: { key: string; value: string }[];
    folder?: string | string[];
    reporters?: string[];
    timeout?: number;
    timeoutRequest?: number;
  }
  interface Summary {
    run: {
      stats: Record<
        "requests" | "assertions" | "prerequestScripts" | "testScripts",
        { total: number; failed: number; pending?: number }
      >;
      failures: { error: { message: string; test?: string }; source?: { name?: string } }[];
      executions: {
        item: { name: string };
        assertions?: { assertion: string; skipped?: boolean; error?: { message: string } }[];
      }[];
    };
  }
  export function run(options: RunOptions, callback: (error: Error | null, summary: Summary) => void): void;
}
