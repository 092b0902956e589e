import Markdown, { type Components } from 'react-markdown';

/** Document headings sit under the page's and the document's own title (h2): h3 and below. */
const HEADINGS: Components = {
  h1: ({ children }) => <h3>{children}</h3>,
  h2: ({ children }) => <h4>{children}</h4>,
  h3: ({ children }) => <h5>{children}</h5>,
  h4: ({ children }) => <h6>{children}</h6>,
};

/** Markdown as text and structure only: raw HTML in the source is dropped, never rendered. */
const MarkdownView = ({ source }: { source: string }) => (
  <Markdown skipHtml components={HEADINGS}>
    {source}
  </Markdown>
);

// Loaded on demand (React.lazy): the markdown parser is a large part of the app otherwise.
export default MarkdownView;
