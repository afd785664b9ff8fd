// Types of the two parsers the packaging tests borrow from electron-builder's dependencies (neither ships any).

declare module 'sax' {
  namespace sax {
    interface Tag {
      name: string;
      attributes: Record<string, string>;
    }
    interface SAXParser {
      onerror: (error: Error) => void;
      onopentag: (tag: Tag) => void;
      onclosetag: (name: string) => void;
      ontext: (text: string) => void;
      write(chunk: string): SAXParser;
      close(): SAXParser;
    }
    /** A parser; `strict` refuses what is not well-formed XML. */
    function parser(strict: boolean, options?: { trim?: boolean; normalize?: boolean }): SAXParser;
  }
  export = sax;
}

declare module 'plist' {
  namespace plist {
    /** An Apple property list (XML) as plain values. */
    function parse(xml: string): unknown;
  }
  export = plist;
}
