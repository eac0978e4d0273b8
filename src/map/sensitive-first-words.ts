/**
 * Which of a list of words occur in a text, as substrings, in one left-to-right walk of a trie:
 * the sensitive-name check's prefilter (sensitive.ts). A pattern can only match a name that holds
 * its first word, and asking `includes` of each of the ~230 patterns in turn was most of the
 * check's cost on specs with thousands of distinct property names (Stripe).
 */

interface TrieNode {
  next: Map<number, TrieNode>;
  /** The indices of the words that end here, ascending. */
  ends: number[];
}

export interface WordFinder {
  /** The indices of the words that occur in `text`, ascending, each once. */
  occurring(text: string): number[];
}

export function wordFinder(words: readonly string[]): WordFinder {
  const root: TrieNode = { next: new Map(), ends: [] };
  words.forEach((word, index) => {
    let node = root;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      let child = node.next.get(c);
      if (child === undefined) {
        child = { next: new Map(), ends: [] };
        node.next.set(c, child);
      }
      node = child;
    }
    node.ends.push(index);
  });
  return {
    occurring(text) {
      const found: number[] = [];
      for (let start = 0; start < text.length; start++) {
        let node: TrieNode | undefined = root;
        for (let i = start; i < text.length; i++) {
          node = node.next.get(text.charCodeAt(i));
          if (node === undefined) break;
          for (const index of node.ends) found.push(index);
        }
      }
      if (found.length < 2) return found;
      found.sort((a, b) => a - b);
      return found.filter((index, i) => i === 0 || found[i - 1] !== index);
    },
  };
}
