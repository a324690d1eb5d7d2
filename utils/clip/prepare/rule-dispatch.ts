import type TurndownService from 'turndown';

type Rule = TurndownService.Rule;

/**
 * Clipdeck's turndown rules, installed as one. Turndown tries every rule's filter on every element
 * until one matches; with two dozen rules of our own ahead of its built-in ones, that search was a
 * visible share of conversion time on long articles. Here each rule names the tags it can match
 * (taken from a tag filter, or given with a function filter; '*' for any tag), candidates are
 * looked up by tag, and the first whose filter accepts the element wins, in the order the rules
 * were added, exactly as turndown would choose among them.
 */
export class RuleBook {
  private readonly rules: Array<{ rule: Rule; tags: ReadonlySet<string> | '*' }> = [];
  private readonly byTag = new Map<string, Rule[]>();

  /**
   * `name` only labels the rule where it is added, as turndown's own addRule does. `tags` is
   * required with a function filter: the tags it can accept, or '*' for any.
   */
  add(_name: string, rule: Rule, tags?: readonly string[] | '*'): void {
    const { filter } = rule;
    let matches: ReadonlySet<string> | '*';
    if (typeof filter === 'string') matches = new Set([filter.toLowerCase()]);
    else if (Array.isArray(filter))
      matches = new Set(filter.map((tag) => String(tag).toLowerCase()));
    else if (tags === '*' || !tags) matches = '*';
    else matches = new Set(tags.map((tag) => tag.toLowerCase()));
    this.rules.push({ rule, tags: matches });
  }

  private candidates(nodeName: string): Rule[] {
    let found = this.byTag.get(nodeName);
    if (!found) {
      const tag = nodeName.toLowerCase();
      found = this.rules
        .filter(({ tags }) => tags === '*' || tags.has(tag))
        .map(({ rule }) => rule);
      this.byTag.set(nodeName, found);
    }
    return found;
  }

  install(service: TurndownService, name: string): void {
    const chosen = new WeakMap<Node, Rule>();
    service.addRule(name, {
      filter: (node, options) => {
        for (const rule of this.candidates(node.nodeName)) {
          const { filter } = rule;
          if (typeof filter === 'function' && !filter(node, options)) continue;
          chosen.set(node, rule);
          return true;
        }
        return false;
      },
      replacement: (content, node, options) =>
        (chosen.get(node as Node) as Rule).replacement?.(content, node, options) ?? content,
    });
  }
}
