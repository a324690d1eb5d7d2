import { describe, expect, it } from 'vitest';
import type { PipelineName } from '../../../bench/browser';
import { renderReport, summariseResults, targets } from '../../../bench/report';
import type { BenchResults, PageResult, PipelineResult } from '../../../bench/results';

const output = (medianMs: number, extra: Partial<PipelineResult> = {}): PipelineResult => ({
  chars: 100,
  medianMs,
  p95Ms: medianMs,
  coldMs: medianMs * 2,
  timesMs: [medianMs],
  ...extra,
});

const pipelines = (
  ms: Record<PipelineName, number>,
  extra: Partial<PipelineResult> = {},
): Record<PipelineName, PipelineResult> => ({
  clipdeck: output(ms.clipdeck, extra),
  baseline: output(ms.baseline, extra),
  defuddle: output(ms.defuddle, extra),
});

const survived = (expected: number, kept: number) => ({ expected, survived: kept });
const structure = (links: [number, number]) => ({
  links: survived(...links),
  images: survived(0, 0),
  headings: survived(2, 2),
  listItems: survived(0, 0),
  codeBlocks: survived(0, 0),
  tableCells: survived(0, 0),
});

const PAGES: PageResult[] = [
  {
    set: 'readability',
    name: 'a',
    url: 'http://fakehost/test/page.html',
    bytes: 1000,
    pipelines: pipelines(
      { clipdeck: 10, baseline: 10, defuddle: 20 },
      { structure: structure([4, 3]), text: { precision: 1, recall: 1, exact: true } },
    ),
  },
  {
    set: 'readability',
    name: 'big',
    url: 'http://fakehost/test/page.html',
    bytes: 2_000_000,
    pipelines: pipelines(
      { clipdeck: 400, baseline: 200, defuddle: 100 },
      { structure: structure([6, 6]), text: { precision: 0.5, recall: 1, exact: false } },
    ),
  },
  {
    set: 'defuddle',
    name: 'math--one',
    url: 'https://one',
    bytes: 500,
    pipelines: pipelines(
      { clipdeck: 5, baseline: 10, defuddle: 10 },
      { rules: { features: { math: true }, same: false, differing: ['headings'] } },
    ),
  },
  { set: 'defuddle', name: 'math--broken', url: 'https://broken', bytes: 1, error: 'timed out' },
];
const RESULTS: BenchResults = {
  run: {
    startedAt: '2026-01-01T00:00:00.000Z',
    durationS: 10,
    runs: 5,
    corpus: 'corpus',
    pages: undefined,
    chromium: 'Chromium 1',
    loadAverage: [0.5, 0.7],
    cores: 2,
    commit: 'abc1234',
  },
  pages: PAGES,
};

describe('summariseResults', () => {
  const summary = summariseResults(RESULTS);

  it('sums element survival over pages', () => {
    expect(summary.structure?.kinds.clipdeck.links).toEqual({ total: 10, passed: 9 });
    expect(summary.structure?.text.clipdeck.precision).toBeCloseTo(0.75);
  });

  it('takes speed ratios page by page and keeps pages over 1 MB out of the small-page p95', () => {
    expect(summary.speed.ratioToBaseline.median).toBe(1);
    expect(summary.speed.ratioToDefuddle.median).toBeCloseTo(0.5);
    expect(summary.speed.figures.clipdeck.p95SmallMs).toBeLessThan(10);
    expect(summary.speed.slowest[0]?.name).toBe('big');
  });

  it('tallies rule families and whole-structure matches, and lists pages that did not run', () => {
    expect(summary.rules?.families.math.clipdeck).toEqual({ total: 1, passed: 1 });
    expect(summary.rules?.families.all.clipdeck).toEqual({ total: 1, passed: 0 });
    expect(summary.failedPages.map((page) => page.name)).toEqual(['math--broken']);
  });

  it('checks the issue’s targets', () => {
    const verdicts = Object.fromEntries(
      targets(summary).map((target) => [target.name, target.met]),
    );
    expect(verdicts['structure fidelity ≥ 0.98 for every element kind']).toBe(false);
    expect(verdicts['p95 under 150 ms for pages under 1 MB']).toBe(true);
  });

  it('renders a report that names the failed page and leaves out the sets that did not run', () => {
    const report = renderReport(RESULTS, summary);
    expect(report).toContain('math--broken (timed out)');
    expect(report).toContain('## Structure fidelity: Readability pages (2 pages)');
    expect(report).not.toContain('## Text fidelity');
  });
});

describe('rule fidelity against the audited expected notes', () => {
  const audited: BenchResults = {
    ...RESULTS,
    pages: [
      {
        set: 'defuddle',
        name: 'codeblocks--one',
        url: 'https://one',
        bytes: 500,
        pipelines: pipelines(
          { clipdeck: 5, baseline: 10, defuddle: 10 },
          {
            rules: {
              features: { codeBlocks: false },
              same: false,
              differing: ['codeBlocks'],
              audited: { codeBlocks: true },
            },
          },
        ),
      },
      {
        set: 'defuddle',
        name: 'codeblocks--two',
        url: 'https://two',
        bytes: 500,
        pipelines: pipelines(
          { clipdeck: 5, baseline: 10, defuddle: 10 },
          { rules: { features: { codeBlocks: true }, same: true, differing: [] } },
        ),
      },
    ],
  };
  const summary = summariseResults(audited);

  it('keeps the plain tally and adds one where the audit corrects the expected note', () => {
    expect(summary.rules?.families.codeBlocks.clipdeck).toEqual({ total: 2, passed: 1 });
    expect(summary.rules?.audited?.codeBlocks.clipdeck).toEqual({ total: 2, passed: 2 });
    const report = renderReport(audited, summary);
    expect(report).toContain('| rule family (audited) |');
    expect(report).toContain('bench/metrics/rules-audit.json');
    const [plain, againstAudit] = targets(summary).filter(
      (target) =>
        target.name.includes('code blocks, math, footnotes and tables') ||
        target.name.startsWith('the same, against the audited expected'),
    );
    expect(plain?.value).toContain('code 0.500');
    expect(againstAudit?.value).toContain('code 1.000');
    // A family with no fixture is not shown, so the target is not met.
    expect(againstAudit?.met).toBe(false);
  });
});

describe('the site families target (issue 15)', () => {
  const fixture = (name: string, same: boolean): PageResult => ({
    set: 'defuddle',
    name,
    url: `https://${name}`,
    bytes: 500,
    pipelines: pipelines(
      { clipdeck: 5, baseline: 10, defuddle: 10 },
      { rules: { features: {}, same, differing: same ? [] : ['headings'] } },
    ),
  });
  const siteTarget = (pages: PageResult[]) =>
    targets(summariseResults({ ...RESULTS, pages })).find((target) =>
      target.name.startsWith('site families'),
    );
  const sitePages = [
    fixture('extractor--chat', true),
    fixture('comments--thread', true),
    fixture('gmail--mail', true),
    fixture('general--github.com-issue-1', true),
    fixture('general--wikipedia', true),
  ];

  it('counts the general-- pages of the named sites, and no other general-- page', () => {
    const target = siteTarget([...sitePages, fixture('general--example.org-post', false)]);
    expect(target?.value).toContain('site pages 1.000 (2/2)');
    expect(target?.met).toBe(true);
  });

  it('is not met when one category falls below 0.9, or when a category has no fixture', () => {
    expect(siteTarget([...sitePages, fixture('general--x.com-status', false)])?.met).toBe(false);
    expect(siteTarget(sitePages.slice(1))?.met).toBe(false);
  });
});
