import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import type { CorpusPage, GroundTruth } from './corpus';
import { READABILITY_URL } from './corpus';
import { parseMarkdown, plainText } from './metrics/markdown';
import {
  type MetadataScore,
  type PageMetadata,
  readExpectedMetadata,
  scoreMetadata,
} from './metrics/metadata';
import {
  CATEGORY_FEATURE,
  categoryOf,
  differingParts,
  hasFeature,
  RULE_FEATURES,
  type RuleFeature,
  type RuleSignature,
  ruleSignature,
  stripMetadataBlock,
} from './metrics/rules';
import {
  type ElementKind,
  type Structure,
  type Survival,
  structureOfHtml,
  structureOfMarkdown,
  survival,
  textOfElement,
} from './metrics/structure';
import { type PageOverlap, scorePage } from './metrics/text-overlap';

/** What each set's expected output says, read once per page and shared by the three pipelines. */
export type Truth =
  | { set: 'readability'; text: string; structure: Structure; metadata?: PageMetadata }
  | { set: 'extraction-benchmark'; text: string }
  | { set: 'defuddle'; category: string; signature: RuleSignature; features: RuleFeature[] };

export function readTruth(
  corpusDir: string,
  page: CorpusPage,
  groundTruth: () => GroundTruth,
): Truth {
  switch (page.set) {
    case 'readability': {
      const html = readFileSync(join(corpusDir, 'readability', page.name, 'expected.html'), 'utf8');
      const body = new JSDOM(html, { url: READABILITY_URL }).window.document.body;
      return {
        set: 'readability',
        text: textOfElement(body),
        structure: structureOfHtml(body, READABILITY_URL),
        metadata: readExpectedMetadata(corpusDir, page.name),
      };
    }
    case 'extraction-benchmark':
      return { set: 'extraction-benchmark', text: groundTruth()[page.name]?.articleBody ?? '' };
    case 'defuddle': {
      const expected = readFileSync(
        join(corpusDir, 'defuddle', 'expected', `${page.name}.md`),
        'utf8',
      );
      const signature = ruleSignature(parseMarkdown(stripMetadataBlock(expected)));
      const category = categoryOf(page.name);
      // A fixture tests a rule family when it is filed under it or its expected note uses it.
      const features = RULE_FEATURES.filter(
        (feature) => CATEGORY_FEATURE[category] === feature || hasFeature(signature, feature),
      );
      return { set: 'defuddle', category, signature, features };
    }
  }
}

export interface RuleScore {
  /** Same structure for each rule family this fixture tests. */
  features: Partial<Record<RuleFeature, boolean>>;
  /** Same structure overall (every part of the signature). */
  same: boolean;
  differing: string[];
}

export interface OutputScore {
  text?: PageOverlap;
  structure?: Record<ElementKind, Survival>;
  rules?: RuleScore;
  metadata?: MetadataScore;
}

export function scoreOutput(
  truth: Truth,
  markdown: string,
  pageUrl: string,
  metadata?: PageMetadata,
): OutputScore {
  const tree = parseMarkdown(markdown);
  switch (truth.set) {
    case 'extraction-benchmark':
      return { text: scorePage(truth.text, plainText(tree)) };
    case 'readability':
      return {
        text: scorePage(truth.text, plainText(tree)),
        structure: survival(truth.structure, structureOfMarkdown(tree, pageUrl)),
        ...(truth.metadata ? { metadata: scoreMetadata(truth.metadata, metadata) } : {}),
      };
    case 'defuddle': {
      const differing = differingParts(truth.signature, ruleSignature(tree));
      return {
        rules: {
          features: Object.fromEntries(
            truth.features.map((feature) => [feature, !differing.includes(feature)]),
          ),
          same: differing.length === 0,
          differing,
        },
      };
    }
  }
}
