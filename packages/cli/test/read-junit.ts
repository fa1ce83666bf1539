/** An element of a JUnit file, as read back. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

// Characters XML 1.0 allows: tab, LF, CR, and U+0020 up, but for lone surrogates, U+FFFE and U+FFFF.
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const NOT_XML_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unescape(text: string): string {
  if (NOT_XML_CHAR.test(text)) throw new Error(`a character XML 1.0 cannot hold in ${JSON.stringify(text)}`);
  if (/[<>]/.test(text)) throw new Error(`an unescaped < or > in ${JSON.stringify(text)}`);
  return text.replace(/&([a-z]+);|&/g, (match, name: string | undefined) => {
    const value = name === undefined ? undefined : ENTITIES[name];
    if (value === undefined) throw new Error(`an unknown or bare entity at ${JSON.stringify(match)}`);
    return value;
  });
}

/**
 * Reads the XML a JUnit report is written in (a declaration, elements,
 * double-quoted attributes, text; no comments, CDATA or DTD), strictly: it
 * throws on anything a conforming parser would refuse within that subset, and
 * on a raw `>` too, which the writer always escapes.
 */
export function readJunit(xml: string): XmlElement {
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/.exec(xml);
  if (!declaration) throw new Error('no XML declaration');
  const root: XmlElement = { name: '', attributes: {}, children: [], text: '' };
  const stack = [root];
  const tag = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[A-Za-z][\w.-]*="[^"]*")*)\s*(\/?)>/y;
  let at = declaration[0].length;
  while (at < xml.length) {
    const next = xml.indexOf('<', at);
    const parent = stack.at(-1);
    if (!parent) throw new Error('unbalanced');
    const text = xml.slice(at, next === -1 ? xml.length : next);
    parent.text += unescape(text);
    if (next === -1) break;
    tag.lastIndex = next;
    const match = tag.exec(xml);
    if (!match) throw new Error(`not a tag at ${next}: ${JSON.stringify(xml.slice(next, next + 40))}`);
    const [whole, closing, name = '', attributeText = '', selfClosing] = match;
    if (closing) {
      if (parent.name !== name) throw new Error(`</${name}> closes <${parent.name}>`);
      stack.pop();
    } else {
      const attributes: Record<string, string> = {};
      for (const [, key = '', value = ''] of attributeText.matchAll(/([A-Za-z][\w.-]*)="([^"]*)"/g)) attributes[key] = unescape(value);
      const element: XmlElement = { name, attributes, children: [], text: '' };
      parent.children.push(element);
      if (!selfClosing) stack.push(element);
    }
    at = next + whole.length;
  }
  if (stack.length !== 1 || root.children.length !== 1 || root.text.trim() !== '') throw new Error('not one root element');
  const [only] = root.children;
  if (!only) throw new Error('no root element');
  return only;
}
