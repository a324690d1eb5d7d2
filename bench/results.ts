import type { PipelineName } from './browser';
import type { SetName } from './corpus';
import type { OutputScore } from './score';

/** What bench/results.json holds: enough per page to find the worst pages without re-running. */
export interface PipelineResult extends OutputScore {
  chars: number;
  medianMs: number;
  p95Ms: number;
  coldMs: number;
  timesMs: number[];
  error?: string;
}

export interface PageResult {
  set: SetName;
  name: string;
  url: string;
  bytes: number;
  /** Set when the page could not be run at all (load failure, timeout). */
  error?: string;
  clipdeckChangedPage?: boolean;
  pipelines?: Record<PipelineName, PipelineResult>;
}

export interface RunInfo {
  startedAt: string;
  durationS: number;
  runs: number;
  corpus: string;
  pages: string | undefined;
  chromium: string;
  /** 1-minute load average when the run started and ended, on `cores` cores. */
  loadAverage: [number, number];
  cores: number;
  commit: string;
}

export interface BenchResults {
  run: RunInfo;
  pages: PageResult[];
}
