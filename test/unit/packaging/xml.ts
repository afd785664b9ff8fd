import sax from 'sax';

/** An element of a parsed XML document: its name, attributes, text and child elements. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
}

/**
 * Parse a whole XML document strictly (what Task Scheduler and launchd read must be well-formed: closed tags,
 * no `--` inside a comment, one root element) into a tree. Throws on anything else.
 */
export function parseXml(xml: string): XmlElement {
  const parser = sax.parser(true, { trim: true });
  const roots: XmlElement[] = [];
  const open: XmlElement[] = [];
  parser.onerror = (error) => {
    throw error;
  };
  parser.onopentag = (tag) => {
    const element: XmlElement = { name: tag.name, attributes: tag.attributes, text: '', children: [] };
    (open.at(-1)?.children ?? roots).push(element);
    open.push(element);
  };
  parser.onclosetag = () => void open.pop();
  parser.ontext = (text) => {
    const current = open.at(-1);
    if (!current) throw new Error(`text outside the root element: ${text}`);
    current.text += text;
  };
  parser.write(xml).close();
  if (roots.length !== 1) throw new Error(`${roots.length} root elements`);
  return roots[0];
}

/** The elements at a path of names below `element` (`['Settings', 'RestartOnFailure']`). */
export function select(element: XmlElement, path: readonly string[]): XmlElement[] {
  return path.reduce<XmlElement[]>(
    (found, name) => found.flatMap((parent) => parent.children.filter((child) => child.name === name)),
    [element],
  );
}
