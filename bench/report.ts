import { PIPELINES, type PipelineName } from './browser';
import { METADATA_FIELDS, type MetadataField, metadataHalf } from './metrics/metadata';
import {
  categoryOf,
  RULE_FEATURES,
  type RuleFeature,
  SITE_CATEGORIES,
  SITE_PAGE,
} from './metrics/rules';
import { geometricMean, median, percentile } from './metrics/speed';
import { ELEMENT_KINDS, type ElementKind } from './metrics/structure';
import {
  bootstrapSpread,
  type OverlapSummary,
  type PageOverlap,
  type Spread,
  summarise,
} from './metrics/text-overlap';
import type { BenchResults, PageResult, PipelineResult } from './results';

/** Turns per-page results into the figures of the report, pipelines side by side. */
type PerPipeline<T> = Record<PipelineName, T>;
const perPipeline = <T>(make: (pipeline: PipelineName) => T): PerPipeline<T> =>
  Object.fromEntries(PIPELINES.map((pipeline) => [pipeline, make(pipeline)])) as PerPipeline<T>;

interface Share {
  total: number;
  passed: number;
}
const share = ({ total, passed }: Share) => (total === 0 ? Number.NaN : passed / total);

export interface Summary {
  pages: number;
  failedPages: PageResult[];
  text?: { pages: number; figures: PerPipeline<OverlapSummary & { spread: Spread }> };
  structure?: {
    pages: number;
    kinds: PerPipeline<Record<ElementKind, Share>>;
    text: PerPipeline<OverlapSummary>;
  };
  /** Metadata on the Readability pages: all, and the halves tuned on (even) and held out (odd). */
  metadata?: {
    pages: number;
    halves: Record<MetadataHalf, PerPipeline<MetadataShares>>;
  };
  rules?: {
    fixtures: number;
    families: Record<RuleFeature | 'elements' | 'all', PerPipeline<Share>>;
    /** Per rule family, against the audited expected notes (bench/metrics/rules-audit.json). */
    audited?: Record<RuleFeature, PerPipeline<Share>>;
    categories: Record<string, PerPipeline<Share>>;
    /** The `general--` pages of the sites issue 15 names (SITE_PAGE), whole structure. */
    sitePages?: PerPipeline<Share>;
  };
  speed: {
    pages: number;
    figures: PerPipeline<{
      medianMs: number;
      p95Ms: number;
      p95SmallMs: number;
      maxMs: number;
      coldMedianMs: number;
    }>;
    smallPages: number;
    ratioToBaseline: { median: number; geometricMean: number };
    ratioToDefuddle: { median: number; geometricMean: number };
    slowest: PageResult[];
  };
  output: PerPipeline<{ medianChars: number; errors: number; empty: number }>;
  clipdeckChangedPages: string[];
}

type MetadataHalf = 'all' | 'even' | 'odd';
type MetadataShares = Record<MetadataField, Share> & {
  titleOverlap: number;
  /** Against the audited values (bench/metrics/metadata-audit.json). */
  audited: Record<MetadataField, Share>;
};

/** "Pages under 1 MB" in the speed target. */
const SMALL_PAGE_BYTES = 1_000_000;

const label = (page: PageResult) => `${page.set}/${page.name}`;

export function summariseResults(results: BenchResults): Summary {
  const ran = results.pages.filter(
    (page): page is PageResult & { pipelines: PerPipeline<PipelineResult> } => !!page.pipelines,
  );
  const ofSet = (set: PageResult['set']) => ran.filter((page) => page.set === set);
  const overlaps = (pages: typeof ran, pipeline: PipelineName) =>
    pages.flatMap((page) => {
      const text = page.pipelines[pipeline].text;
      return text ? [text as PageOverlap] : [];
    });

  const summary: Summary = {
    pages: results.pages.length,
    failedPages: results.pages.filter((page) => !page.pipelines),
    speed: speedSummary(ran),
    output: perPipeline((pipeline) => ({
      medianChars: median(ran.map((page) => page.pipelines[pipeline].chars)),
      errors: ran.filter((page) => page.pipelines[pipeline].error).length,
      empty: ran.filter((page) => page.pipelines[pipeline].chars === 0).length,
    })),
    clipdeckChangedPages: ran.filter((page) => page.clipdeckChangedPage).map(label),
  };

  const benchmark = ofSet('extraction-benchmark');
  if (benchmark.length > 0) {
    summary.text = {
      pages: benchmark.length,
      figures: perPipeline((pipeline) => {
        const pages = overlaps(benchmark, pipeline);
        return { ...summarise(pages), spread: bootstrapSpread(pages) };
      }),
    };
  }

  const readability = ofSet('readability');
  if (readability.length > 0) {
    summary.structure = {
      pages: readability.length,
      kinds: perPipeline((pipeline) => {
        const kinds = {} as Record<ElementKind, Share>;
        for (const kind of ELEMENT_KINDS) {
          kinds[kind] = { total: 0, passed: 0 };
          for (const page of readability) {
            const survival = page.pipelines[pipeline].structure?.[kind];
            kinds[kind].total += survival?.expected ?? 0;
            kinds[kind].passed += survival?.survived ?? 0;
          }
        }
        return kinds;
      }),
      text: perPipeline((pipeline) => summarise(overlaps(readability, pipeline))),
    };
  }

  const withMetadata = readability.filter((page) => page.pipelines.clipdeck.metadata);
  if (withMetadata.length > 0) {
    const names = readability.map((page) => page.name);
    const sharesOf = (pages: typeof readability): PerPipeline<MetadataShares> =>
      perPipeline((pipeline) => {
        const scores = pages.flatMap((page) => page.pipelines[pipeline].metadata ?? []);
        const shares = { titleOverlap: 0, audited: {} } as MetadataShares;
        for (const field of METADATA_FIELDS) {
          const shareOf = (verdicts: (boolean | undefined)[]) => {
            const scored = verdicts.filter((verdict) => verdict !== undefined);
            return { total: scored.length, passed: scored.filter(Boolean).length };
          };
          shares[field] = shareOf(scores.map((score) => score[field]));
          // Results written before the audit existed have none: the plain verdicts stand in.
          shares.audited[field] = shareOf(
            scores.map((score) => (score.audited ? score.audited[field] : score[field])),
          );
        }
        shares.titleOverlap =
          scores.reduce((sum, score) => sum + score.titleOverlap, 0) / Math.max(scores.length, 1);
        return shares;
      });
    summary.metadata = {
      pages: withMetadata.length,
      halves: {
        all: sharesOf(withMetadata),
        even: sharesOf(withMetadata.filter((page) => metadataHalf(names, page.name) === 'even')),
        odd: sharesOf(withMetadata.filter((page) => metadataHalf(names, page.name) === 'odd')),
      },
    };
  }

  const fixtures = ofSet('defuddle');
  if (fixtures.length > 0) {
    const tally = (
      pages: typeof fixtures,
      passed: (result: PipelineResult) => boolean | undefined,
    ): PerPipeline<Share> =>
      perPipeline((pipeline) => {
        const verdicts = pages.flatMap((page) => {
          const verdict = passed(page.pipelines[pipeline]);
          return verdict === undefined ? [] : [verdict];
        });
        return { total: verdicts.length, passed: verdicts.filter(Boolean).length };
      });
    const categoryOfPage = (page: PageResult) => categoryOf(page.name);
    const families = {} as Record<RuleFeature | 'elements' | 'all', PerPipeline<Share>>;
    for (const feature of RULE_FEATURES) {
      families[feature] = tally(fixtures, (result) => result.rules?.features[feature]);
    }
    families.elements = tally(
      fixtures.filter((page) => categoryOfPage(page) === 'elements'),
      (result) => result.rules?.same,
    );
    families.all = tally(fixtures, (result) => result.rules?.same);
    const categories: Record<string, PerPipeline<Share>> = {};
    for (const category of [...new Set(fixtures.map(categoryOfPage))].sort()) {
      categories[category] = tally(
        fixtures.filter((page) => categoryOfPage(page) === category),
        (result) => result.rules?.same,
      );
    }
    // Results written before the audit existed have no audited verdicts: the plain ones stand in.
    const audited = {} as Record<RuleFeature, PerPipeline<Share>>;
    for (const feature of RULE_FEATURES) {
      audited[feature] = tally(
        fixtures,
        (result) => result.rules?.audited?.[feature] ?? result.rules?.features[feature],
      );
    }
    const sitePages = tally(
      fixtures.filter((page) => SITE_PAGE.test(page.name)),
      (result) => result.rules?.same,
    );
    summary.rules = { fixtures: fixtures.length, families, audited, categories, sitePages };
  }
  return summary;
}

function speedSummary(ran: (PageResult & { pipelines: PerPipeline<PipelineResult> })[]) {
  const timed = ran.filter((page) =>
    PIPELINES.every((pipeline) => Number.isFinite(page.pipelines[pipeline].medianMs)),
  );
  const small = timed.filter((page) => page.bytes < SMALL_PAGE_BYTES);
  const ratios = (peer: PipelineName) => {
    const values = timed.map(
      (page) => page.pipelines.clipdeck.medianMs / Math.max(page.pipelines[peer].medianMs, 0.1),
    );
    return { median: median(values), geometricMean: geometricMean(values) };
  };
  return {
    pages: timed.length,
    smallPages: small.length,
    figures: perPipeline((pipeline) => {
      const medians = timed.map((page) => page.pipelines[pipeline].medianMs);
      return {
        medianMs: median(medians),
        p95Ms: percentile(medians, 0.95),
        p95SmallMs: percentile(
          small.map((page) => page.pipelines[pipeline].medianMs),
          0.95,
        ),
        maxMs: Math.max(...medians),
        coldMedianMs: median(timed.map((page) => page.pipelines[pipeline].coldMs)),
      };
    }),
    ratioToBaseline: ratios('baseline'),
    ratioToDefuddle: ratios('defuddle'),
    slowest: [...timed]
      .sort((a, b) => b.pipelines.clipdeck.medianMs - a.pipelines.clipdeck.medianMs)
      .slice(0, 8),
  };
}

const fixed = (value: number, digits = 3) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const shareCell = (value: Share) =>
  value.total === 0 ? '–' : `${fixed(share(value))} (${value.passed}/${value.total})`;
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const table = (head: string[], rows: (string | number)[][]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

const KIND_LABELS: Record<ElementKind, string> = {
  links: 'links',
  images: 'images',
  headings: 'headings',
  listItems: 'list items',
  codeBlocks: 'code blocks',
  tableCells: 'table cells',
};
const FEATURE_SHORT: Record<RuleFeature, string> = {
  codeBlocks: 'code',
  math: 'math',
  footnotes: 'footnotes',
  tables: 'tables',
};
const FAMILY_LABELS: Record<RuleFeature | 'elements' | 'all', string> = {
  codeBlocks: 'code blocks (same language + text)',
  math: 'math (same expressions)',
  footnotes: 'footnotes (same count)',
  tables: 'tables (same cells)',
  elements: '"elements" fixtures (whole structure)',
  all: 'all fixtures (whole structure)',
};

interface Target {
  name: string;
  value: string;
  met: boolean | undefined;
}

export function targets(summary: Summary): Target[] {
  const list: Target[] = [];
  if (summary.text) {
    const { clipdeck, baseline, defuddle } = summary.text.figures;
    list.push({
      name: 'text F1 ≥ 0.96 on the extraction benchmark, above both peers',
      value: `${fixed(clipdeck.f1)} (baseline ${fixed(baseline.f1)}, defuddle ${fixed(defuddle.f1)})`,
      met: clipdeck.f1 >= 0.96 && clipdeck.f1 > baseline.f1 && clipdeck.f1 > defuddle.f1,
    });
  }
  if (summary.structure) {
    const kinds = summary.structure.kinds.clipdeck;
    const worst = ELEMENT_KINDS.filter((kind) => kinds[kind].total > 0).sort(
      (a, b) => share(kinds[a]) - share(kinds[b]),
    )[0];
    list.push({
      name: 'structure fidelity ≥ 0.98 for every element kind',
      value: worst ? `lowest: ${KIND_LABELS[worst]} ${fixed(share(kinds[worst]))}` : '–',
      met: ELEMENT_KINDS.every((kind) => kinds[kind].total === 0 || share(kinds[kind]) >= 0.98),
    });
  }
  if (summary.metadata) {
    const { clipdeck, baseline } = summary.metadata.halves.all;
    list.push({
      name: 'title matches on ≥ 0.98 of the Readability pages',
      value: fixed(share(clipdeck.title)),
      met: share(clipdeck.title) >= 0.98,
    });
    list.push({
      name: "byline and site name match at least as often as Readability's own",
      value: `byline ${fixed(share(clipdeck.byline))} (baseline ${fixed(share(baseline.byline))}), site ${fixed(share(clipdeck.siteName))} (baseline ${fixed(share(baseline.siteName))})`,
      met:
        share(clipdeck.byline) >= share(baseline.byline) &&
        share(clipdeck.siteName) >= share(baseline.siteName),
    });
    const audited = (field: MetadataField) =>
      `${field} ${fixed(share(clipdeck.audited[field]))} (baseline ${fixed(share(baseline.audited[field]))})`;
    list.push({
      name: 'the same three, against the audited values (bench/metrics/metadata-audit.json)',
      value: (['title', 'byline', 'siteName'] as const).map(audited).join(', '),
      met:
        share(clipdeck.audited.title) >= 0.98 &&
        share(clipdeck.audited.byline) >= share(baseline.audited.byline) &&
        share(clipdeck.audited.siteName) >= share(baseline.audited.siteName),
    });
  }
  if (summary.rules) {
    const { families, audited, categories, sitePages } = summary.rules;
    const ruleTarget = (shares: Record<RuleFeature, PerPipeline<Share>>) => ({
      value: RULE_FEATURES.map(
        (feature) => `${FEATURE_SHORT[feature]} ${fixed(share(shares[feature].clipdeck))}`,
      ).join(', '),
      met: RULE_FEATURES.every((feature) => share(shares[feature].clipdeck) >= 0.9),
    });
    list.push({
      name: 'rule fidelity ≥ 0.9 in each of code blocks, math, footnotes and tables',
      ...ruleTarget(families),
    });
    if (audited) {
      list.push({
        name: 'the same, against the audited expected notes (bench/metrics/rules-audit.json)',
        ...ruleTarget(audited),
      });
    }
    const sites: [string, Share | undefined][] = [
      ...SITE_CATEGORIES.map((category): [string, Share | undefined] => [
        category,
        categories[category]?.clipdeck,
      ]),
      ['site pages', sitePages?.clipdeck],
    ];
    list.push({
      name:
        'site families ≥ 0.9 (whole structure): extractor, comments and gmail fixtures, and the ' +
        'general-- pages of GitHub, Hacker News, X, Substack and Wikipedia ("site pages")',
      value: sites.map(([label, got]) => `${label} ${got ? shareCell(got) : '–'}`).join(', '),
      met: sites.every(([, got]) => got !== undefined && got.total > 0 && share(got) >= 0.9),
    });
  }
  const { figures, ratioToBaseline, ratioToDefuddle } = summary.speed;
  list.push({
    name: 'median engine time ≤ 1.3 × baseline (median of per-page ratios)',
    value: `${fixed(ratioToBaseline.median, 2)}×`,
    met: ratioToBaseline.median <= 1.3,
  });
  list.push({
    name: 'not slower than defuddle (median of per-page ratios)',
    value: `${fixed(ratioToDefuddle.median, 2)}×`,
    met: ratioToDefuddle.median <= 1,
  });
  list.push({
    name: 'p95 under 150 ms for pages under 1 MB',
    value: `${ms(figures.clipdeck.p95SmallMs)} ms`,
    met: figures.clipdeck.p95SmallMs < 150,
  });
  return list;
}

/** The headline figures: what `npm run bench` prints. */
export function renderSummary(summary: Summary): string {
  const headline = table(
    [
      'pipeline',
      'text F1 (benchmark)',
      'structure (lowest kind)',
      'rules (all fixtures)',
      'median ms',
      'p95 ms',
    ],
    PIPELINES.map((pipeline) => {
      const kinds = summary.structure?.kinds[pipeline];
      const lowest = kinds
        ? Math.min(
            ...ELEMENT_KINDS.filter((kind) => kinds[kind].total > 0).map((kind) =>
              share(kinds[kind]),
            ),
          )
        : Number.NaN;
      const speed = summary.speed.figures[pipeline];
      return [
        pipeline,
        summary.text ? fixed(summary.text.figures[pipeline].f1) : '–',
        fixed(lowest),
        summary.rules ? fixed(share(summary.rules.families.all[pipeline])) : '–',
        ms(speed.medianMs),
        ms(speed.p95Ms),
      ];
    }),
  );
  const goals = table(
    ['target', 'clipdeck', 'met'],
    targets(summary).map((target) => [
      target.name,
      target.value,
      target.met === undefined ? '–' : target.met ? 'yes' : 'no',
    ]),
  );
  return `${headline}\n\n${goals}`;
}

export function renderReport(results: BenchResults, summary: Summary): string {
  const { run } = results;
  const sections: string[] = [
    '# Clipdeck benchmark',
    '',
    `Run ${run.startedAt} on commit ${run.commit}: ${summary.pages} pages from \`${run.corpus}\`` +
      `${run.pages ? ` matching \`${run.pages}\`` : ''}, ${run.runs} timed runs per pipeline and page after one warm-up, ` +
      `${run.chromium}; ${run.durationS.toFixed(0)} s. Load average ${run.loadAverage[0].toFixed(2)} at the start, ` +
      `${run.loadAverage[1].toFixed(2)} at the end, on ${run.cores} cores. ` +
      'How the figures are made: bench/README.md. Per-page figures: bench/results.json.',
    '',
    '## Summary',
    '',
    renderSummary(summary),
  ];

  if (summary.text) {
    const { figures, pages } = summary.text;
    sections.push(
      '',
      `## Text fidelity: extraction benchmark (${pages} pages)`,
      '',
      "The benchmark's own metric on a plain-text rendering of each pipeline's Markdown (± is the bootstrap standard deviation). " +
        'For scale, published on the full 181 pages: Readability.js 0.6.0 `textContent` F1 0.947 (P 0.914, R 0.982); ' +
        'trafilatura 0.958, rs_trafilatura 0.970.',
      '',
      table(
        ['pipeline', 'F1', 'precision', 'recall', 'accuracy', 'pages with no text'],
        PIPELINES.map((pipeline) => {
          const figure = figures[pipeline];
          return [
            pipeline,
            `${fixed(figure.f1)} ± ${fixed(figure.spread.f1)}`,
            `${fixed(figure.precision)} ± ${fixed(figure.spread.precision)}`,
            `${fixed(figure.recall)} ± ${fixed(figure.spread.recall)}`,
            `${fixed(figure.accuracy)} ± ${fixed(figure.spread.accuracy)}`,
            figure.emptyPredictions,
          ];
        }),
      ),
    );
  }

  if (summary.structure) {
    const { kinds, text, pages } = summary.structure;
    sections.push(
      '',
      `## Structure fidelity: Readability pages (${pages} pages)`,
      '',
      "Share of the elements in `expected.html` that have an equal element in the pipeline's Markdown " +
        '(links and images by URL path, the rest by their words), summed over pages; then text F1 against `expected.html`.',
      '',
      table(
        ['element (expected)', ...PIPELINES],
        [
          ...ELEMENT_KINDS.map((kind) => [
            `${KIND_LABELS[kind]} (${kinds.clipdeck[kind].total})`,
            ...PIPELINES.map((pipeline) => fixed(share(kinds[pipeline][kind]))),
          ]),
          [
            'text F1 (P / R)',
            ...PIPELINES.map(
              (pipeline) =>
                `${fixed(text[pipeline].f1)} (${fixed(text[pipeline].precision)} / ${fixed(text[pipeline].recall)})`,
            ),
          ],
        ],
      ),
    );
  }

  if (summary.metadata) {
    sections.push('', ...renderMetadata(summary.metadata));
  }

  if (summary.rules) {
    const { families, audited, categories, fixtures } = summary.rules;
    sections.push(
      '',
      `## Rule fidelity: Defuddle fixtures (${fixtures} fixtures)`,
      '',
      'Share of fixtures whose Markdown has the structure of the expected Markdown, both parsed with CommonMark + GFM + math. ' +
        'A rule family counts the fixtures filed under it or whose expected note uses it.',
      '',
      table(
        ['rule family', ...PIPELINES],
        (Object.keys(FAMILY_LABELS) as (keyof typeof FAMILY_LABELS)[]).map((family) => [
          FAMILY_LABELS[family],
          ...PIPELINES.map((pipeline) => shareCell(families[family][pipeline])),
        ]),
      ),
      ...(audited
        ? [
            '',
            'Against the audited expected notes: a few expected notes contradict their own fixture ' +
              '(code lost or escaped inside a fence, a language the page does not mark or one it does left out); ' +
              'each correction and why is in bench/metrics/rules-audit.json. Other fixtures score as above.',
            '',
            table(
              ['rule family (audited)', ...PIPELINES],
              RULE_FEATURES.map((family) => [
                FAMILY_LABELS[family],
                ...PIPELINES.map((pipeline) => shareCell(audited[family][pipeline])),
              ]),
            ),
          ]
        : []),
      '',
      '<details><summary>By fixture category (whole structure)</summary>',
      '',
      table(
        ['category', ...PIPELINES],
        Object.entries(categories).map(([category, shares]) => [
          category,
          ...PIPELINES.map((pipeline) => shareCell(shares[pipeline])),
        ]),
      ),
      '',
      '</details>',
    );
  }

  const { figures, ratioToBaseline, ratioToDefuddle, slowest, pages, smallPages } = summary.speed;
  sections.push(
    '',
    `## Speed (${pages} pages, ${smallPages} under 1 MB)`,
    '',
    'Engine time inside the page (`performance.now()`), the median of the timed runs per page; then the median and p95 of those over pages. ' +
      '"cold" is the warm-up run: what the first clip after a page load costs.',
    '',
    table(
      ['pipeline', 'median ms', 'p95 ms', 'p95 ms (< 1 MB)', 'max ms', 'cold median ms'],
      PIPELINES.map((pipeline) => {
        const figure = figures[pipeline];
        return [
          pipeline,
          ms(figure.medianMs),
          ms(figure.p95Ms),
          ms(figure.p95SmallMs),
          ms(figure.maxMs),
          ms(figure.coldMedianMs),
        ];
      }),
    ),
    '',
    table(
      ['page-by-page ratio', 'median', 'geometric mean'],
      [
        [
          'clipdeck / baseline',
          fixed(ratioToBaseline.median, 2),
          fixed(ratioToBaseline.geometricMean, 2),
        ],
        [
          'clipdeck / defuddle',
          fixed(ratioToDefuddle.median, 2),
          fixed(ratioToDefuddle.geometricMean, 2),
        ],
      ],
    ),
    '',
    'Slowest pages for clipdeck (median ms):',
    '',
    table(
      ['page', 'KB', ...PIPELINES],
      slowest.map((page) => [
        label(page),
        Math.round(page.bytes / 1024),
        ...PIPELINES.map((pipeline) => ms(page.pipelines?.[pipeline].medianMs ?? Number.NaN)),
      ]),
    ),
  );

  sections.push(
    '',
    '## Output and failures',
    '',
    table(
      ['pipeline', 'median Markdown chars', 'errors', 'empty outputs'],
      PIPELINES.map((pipeline) => [
        pipeline,
        summary.output[pipeline].medianChars,
        summary.output[pipeline].errors,
        summary.output[pipeline].empty,
      ]),
    ),
    '',
    summary.clipdeckChangedPages.length > 0
      ? `clipdeck changed the live page it clipped on: ${summary.clipdeckChangedPages.join(', ')}.`
      : 'clipdeck left every live page as it found it.',
    summary.failedPages.length > 0
      ? `\nPages that could not be run: ${summary.failedPages.map((page) => `${label(page)} (${page.error})`).join('; ')}.`
      : '',
  );
  return `${sections.join('\n')}\n`;
}

const METADATA_LABELS: Record<MetadataField, string> = {
  title: 'title (words in the expected title ≥ 0.8, covering ≥ half of it)',
  byline: 'author / byline (token F1 ≥ 0.8)',
  siteName: 'site name (token F1 ≥ 0.8)',
  published: 'published (same day)',
  lang: 'language (same primary tag)',
};

function renderMetadata(metadata: NonNullable<Summary['metadata']>): string[] {
  const { halves, pages } = metadata;
  const cell = (pipeline: PipelineName, field: MetadataField) =>
    `${shareCell(halves.all[pipeline][field])} (${fixed(share(halves.even[pipeline][field]), 2)} / ${fixed(share(halves.odd[pipeline][field]), 2)})`;
  const auditedCell = (pipeline: PipelineName, field: MetadataField) =>
    `${shareCell(halves.all[pipeline].audited[field])} (${fixed(share(halves.even[pipeline].audited[field]), 2)} / ${fixed(share(halves.odd[pipeline].audited[field]), 2)})`;
  return [
    `## Metadata: Readability pages (${pages} pages)`,
    '',
    "Each pipeline's title, byline, site name, date and language against Readability's `expected-metadata.json` " +
      "(baseline: `Readability.parse()`; defuddle: `parse()`; clipdeck: the clip's metadata). A field is scored " +
      'only on pages whose expected value is not null. In brackets: the even half of the pages (name order), ' +
      'on which the title rule was tuned, and the odd half, held out. See bench/metrics/metadata.ts.',
    '',
    table(
      ['field', ...PIPELINES],
      [
        ...METADATA_FIELDS.map((field) => [
          METADATA_LABELS[field],
          ...PIPELINES.map((pipeline) => cell(pipeline, field)),
        ]),
        [
          'title, mean token F1',
          ...PIPELINES.map((pipeline) => fixed(halves.all[pipeline].titleOverlap)),
        ],
      ],
    ),
    '',
    "Audited: the same, where Readability's expected value is not that field's value for a reader " +
      '(a dateline or a navigation link as the byline, a name glued to a date or followed by the desk ' +
      "or the editor, the site's generic og:title as the title) scored against what the page shows; " +
      'each correction and why is in bench/metrics/metadata-audit.json. Other pages score as above.',
    '',
    table(
      ['field', ...PIPELINES],
      (['title', 'byline', 'siteName'] as const).map((field) => [
        METADATA_LABELS[field],
        ...PIPELINES.map((pipeline) => auditedCell(pipeline, field)),
      ]),
    ),
  ];
}
