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
  auditedExpected,
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
  | {
      set: 'defuddle';
      category: string;
      signature: RuleSignature;
      features: RuleFeature[];
      /** The signature of the expected note as audited (metrics/rules-audit.json), if it is. */
      audited?: RuleSignature;
    };

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
      const note = stripMetadataBlock(expected);
      const signature = ruleSignature(parseMarkdown(note));
      const category = categoryOf(page.name);
      // A fixture tests a rule family when it is filed under it or its expected note uses it.
      const features = RULE_FEATURES.filter(
        (feature) => CATEGORY_FEATURE[category] === feature || hasFeature(signature, feature),
      );
      const audited = auditedExpected(page.name, note);
      return {
        set: 'defuddle',
        category,
        signature,
        features,
        ...(audited === undefined ? {} : { audited: ruleSignature(parseMarkdown(audited)) }),
      };
    }
  }
}

export interface RuleScore {
  /** Same structure for each rule family this fixture tests. */
  features: Partial<Record<RuleFeature, boolean>>;
  /** Same structure overall (every part of the signature). */
  same: boolean;
  differing: string[];
  /** Per rule family, against the audited expected note; only on fixtures the audit corrects. */
  audited?: Partial<Record<RuleFeature, boolean>>;
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
      const actual = ruleSignature(tree);
      const differing = differingParts(truth.signature, actual);
      const verdicts = (parts: string[]) =>
        Object.fromEntries(truth.features.map((feature) => [feature, !parts.includes(feature)]));
      return {
        rules: {
          features: verdicts(differing),
          same: differing.length === 0,
          differing,
          ...(truth.audited ? { audited: verdicts(differingParts(truth.audited, actual)) } : {}),
        },
      };
    }
  }
}
