/**
 * Finding text in a spec that reads like instructions to a model ("tool poisoning"): a tool
 * description is put in the model's context verbatim, so a spec can try to steer the model.
 * The map stage warns about each hit; it does not rewrite the text (the user decides).
 *
 * The patterns were tuned against the summaries and descriptions of GitHub, Stripe, msgraph,
 * Slack, Twilio, Jira, Kubernetes, OpenAI, Asana, DigitalOcean and others: none of their prose
 * matches. Every pattern starts with literal words and uses only bounded gaps, so scanning a
 * 100 KB description stays linear (no nested quantifiers).
 */

/** See `sanitizeText` in description.ts for what each range is. */
export const INVISIBLE_CHARACTERS = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;

const AI = String.raw`(?:ai|a\.i\.|llm|language model|assistant|agent|model|chatbot|claude|gpt|chatgpt|copilot)`;
const SECRET_THINGS = String.raw`(?:conversation|chat(?: history)?|history|context|credentials?|secrets?|api[ _-]?keys?|tokens?|passwords?|env(?:ironment)?(?: variables)?|system prompt|previous messages|user(?:'s)? data|personal data|private keys?|ssh keys?|session(?: cookies?)?|cookies)`;

/** Each pattern; matched case-insensitively. */
export const INSTRUCTION_PATTERNS: readonly { id: string; source: string }[] = [
  {
    // "ignore all previous instructions", "disregard the above rules"
    id: 'override-instructions',
    source: String.raw`\b(?:ignore|disregard|forget|override|bypass)\s+(?:(?:all|any|the|your|my|of|these|those)\s+){0,3}(?:previous|prior|above|earlier|preceding|former|system|original|safety)\s+(?:instructions?|prompts?|directions?|rules|guidelines|messages|directives|constraints)`,
  },
  {
    // "you must always call this tool first", "the assistant should use this tool"
    id: 'must-call-tool',
    source: String.raw`\b(?:you|the\s+${AI})\s+(?:must|should|shall|need\s+to|have\s+to|are\s+required\s+to)\s+(?:always\s+|first\s+|immediately\s+)?(?:call|use|invoke|run|execute|trigger)\s+(?:(?:this|that|the\s+[\w.-]{1,64})\s+(?:tool|function)|[\w.-]{1,64}\s+(?:first|before\b))`,
  },
  { id: 'always-call-tool', source: String.raw`\balways\s+(?:call|use|invoke|run|execute)\s+(?:this|the\s+[\w.-]{1,64})\s+tool\b` },
  {
    id: 'call-tool-order',
    source: String.raw`\b(?:call|invoke|use|run)\s+(?:the\s+)?(?:tool\s+[\w.-]{1,64}|[\w.-]{1,64}\s+tool|this\s+tool)\s+(?:before|after|first|instead|whenever|every\s*time)\b`,
  },
  { id: 'before-other-tools', source: String.raw`\b(?:before|instead\s+of)\s+(?:(?:calling|using|invoking)\s+)?(?:any\s+other|another|other|any)\s+tools?\b` },
  { id: 'this-tool-order', source: String.raw`\b(?:before|after|when|whenever)\s+(?:using|calling|invoking|running)\s+this\s+tool\b` },
  {
    // "do not tell the user", "never mention this to the user"
    id: 'hide-from-user',
    source: String.raw`\b(?:do\s+not|don'?t|never|without)\s+(?:tell(?:ing)?|inform(?:ing)?|mention(?:ing)?|reveal(?:ing)?|disclos(?:e|ing)|let(?:ting)?|alert(?:ing)?)\s+(?:(?:this|that|it|anything)\s+)?(?:to\s+)?(?:the\s+)?user\b`,
  },
  // "your system prompt"; not "the system message" (AI APIs document their own system messages).
  { id: 'system-prompt', source: String.raw`\b(?:your|reveal|print|repeat|show|output|leak)\s+(?:the\s+|your\s+)?system\s+(?:prompt|instructions)\b` },
  {
    // <system>, </instructions>, <|im_start|>, [INST], <<SYS>>. Not <important>: AWS documents with it
    // (1,009 of 1,012 warnings over 2,639 real specs); the text inside a tool-poisoning <IMPORTANT> is judged by the other patterns.
    id: 'role-tag',
    source: String.raw`<\/?\s*(?:system|assistant|instructions?|secret|hidden|admin|im_start|im_end|tool_call|function_call)\s*>|<\|(?:im_start|im_end|system|user|assistant|start_header_id|end_header_id|eot_id)\|>|\[\/?INST\]|<<\/?SYS>>`,
  },
  { id: 'as-an-ai', source: String.raw`\bas\s+an?\s+(?:ai|a\.i\.|large\s+language\s+model|language\s+model|llm|ai\s+assistant|ai\s+model)\b` },
  { id: 'role-marker', source: String.raw`(?:^|\n)[ \t]*(?:assistant|system|human)[ \t]*:` },
  {
    id: 'send-data-to-url',
    source: String.raw`\b(?:send|post|forward|upload|transmit|leak|copy|include|append)\s+(?:(?:the|all|any|your|this|these|its|their|of|user'?s?)\s+){0,3}${SECRET_THINGS}\b[^\n]{0,80}?\bto\s+(?:https?:\/\/|the\s+(?:url|endpoint|server|address)\b)`,
  },
  { id: 'exfiltrate', source: String.raw`\bexfiltrat(?:e|ing)\s+(?:the|all|any|user|your|this|their|data|credentials|secrets)\b` },
  {
    // "IMPORTANT: ... the assistant", "Note to the AI:"
    id: 'addressed-to-ai',
    source: String.raw`\b(?:important|attention|note|notice|reminder)\s*(?:to\s+(?:the\s+)?${AI}\s*)?[:!]\s*[^\n]{0,80}?\b(?:you\s+are\s+an?\s+${AI}|the\s+${AI}\s+(?:must|should)|ai\s+(?:assistant|agent|model)s?\b|llms?\b|language\s+models?\b)`,
  },
  { id: 'note-to-ai', source: String.raw`\b(?:note|message|instructions?)\s+(?:to|for)\s+(?:the\s+)?(?:ai|llm|assistant|agent|model)s?\s*[:!-]` },
  { id: 'you-are-now', source: String.raw`\byou\s+are\s+now\s+(?:a|an|in|the|acting|operating|DAN)\b` },
  {
    // The same, in the languages injections come in most: "ignore previous instructions", "don't tell the user".
    id: 'other-languages',
    source: String.raw`\bignore[rz]?\s+(?:toutes\s+)?(?:les\s+)?instructions\s+(?:précédentes|antérieures)|\bignorier(?:e|en)?\s+(?:alle\s+)?(?:vorherigen|bisherigen|obigen)\s+(?:anweisungen|instruktionen)|\bignora(?:r)?\s+(?:todas\s+)?(?:las\s+)?instrucciones\s+(?:anteriores|previas)|\bignore\s+(?:todas\s+)?(?:as\s+)?instruções\s+anteriores|\bignora\s+(?:tutte\s+)?(?:le\s+)?istruzioni\s+precedenti|忽略(?:之前|以前|先前|上面|所有)[的]?(?:所有)?(?:指令|指示|说明)|(?:以前|前|上記)の(?:指示|命令)を無視|игнорируй(?:те)?\s+(?:все\s+)?(?:предыдущие|прежние)\s+инструкции|\bsag(?:e|en)?\s+(?:es\s+)?(?:dem\s+)?(?:benutzer|nutzer)\s+nicht|\bne\s+(?:le\s+)?dis\s+(?:rien\s+)?pas\s+à\s+l'utilisateur|\bno\s+(?:le\s+)?(?:digas|informes|cuentes)\s+(?:nada\s+)?al\s+usuario|不要告诉用户|ユーザーに(?:伝えない|言わない|知らせない)`,
  },
  {
    // A Markdown or HTML image whose URL carries data in its query (a placeholder or a field such
    // as q=, data=, token=): rendering it sends that to the server. `?width=1280&height=720` does not count.
    id: 'exfiltrating-image',
    source: String.raw`!\[[^\]\n]{0,100}\]\(\s*(?:https?:)?\/\/[^)\s?]{1,300}\?(?:[^)\s]{0,200}?(?:[{}$\[\]<]|%7[bBdD]|\$\{)|(?:[^)\s]{0,200}?[?&])?(?:q|d|data|secret|token|key|payload|info|conv|conversation|chat|history|msg|message|prompt|context|text|content|user|email|password|session)=)[^)\s]{0,300}\)|<img\s[^<>]{0,200}?src\s*=\s*["']?(?:https?:)?\/\/[^"'\s<>?]{1,300}\?(?:[^"'\s<>]{0,200}?[&])?(?:q|d|data|secret|token|key|payload|conversation|chat|history|prompt|context|text|user|email|password|session)=`,
  },
  { id: 'secret-files', source: String.raw`~\/\.(?:ssh|aws|cursor|config\/gcloud|kube|docker|netrc)\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b(?!\.pub)|\bmcp\.json\b` },
];


/**
 * All patterns in one global RegExp, built once: constructing it per call cost more than the
 * scan itself (GitHub: thousands of texts). `findInstructionLikeText` resets `lastIndex` before
 * each scan and runs synchronously, so no state leaks between calls.
 */
const COMBINED = new RegExp(INSTRUCTION_PATTERNS.map((p) => `(?:${p.source})`).join('|'), 'gi');
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** Longest snippet returned per hit. */
const MAX_SNIPPET = 160;

/**
 * The snippets of `text` that read like instructions to a model, in order of appearance, each
 * once (where two patterns overlap, the first match wins). Checked after NFKC (full-width letters) and with invisible characters removed, so
 * `ig\u200bnore previous instructions` is caught; snippets come from that normalized text.
 */
export function findInstructionLikeText(text: string): string[] {
  const normalized = ASCII_ONLY.test(text) ? text : text.normalize('NFKC').replace(INVISIBLE_CHARACTERS, '');
  const snippets: string[] = [];
  // One pass with all patterns.
  const regex = COMBINED;
  regex.lastIndex = 0;
  for (let m = regex.exec(normalized); m !== null; m = regex.exec(normalized)) {
    if (m[0] === '') regex.lastIndex++;
    const snippet = m[0].trim().replace(/\s+/g, ' ').slice(0, MAX_SNIPPET);
    if (snippet !== '' && !snippets.includes(snippet)) snippets.push(snippet);
  }
  return snippets;
}
