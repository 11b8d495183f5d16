import { jokeCardPath, JOKE_CARD_SIZES, publicJokePath } from '@jokes/contracts';
import { bounded, PRODUCT_NAME, STYLE_NAME_LIMIT } from './joke-card.template.js';

/** The most of a joke a page shows: a long joke is about 900 characters; stored ones are bounded by the writer, this bounds the page whatever it holds. */
export const PAGE_TEXT_LIMIT = 4000;
/** Shares show a description of about two lines; the page has the rest. */
export const DESCRIPTION_LIMIT = 200;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML, in an element or a quoted attribute alike: nothing a joke holds can end a tag or an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

export interface PublicJoke {
  id: string;
  content: string;
  comedianStyle: string;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:linear-gradient(135deg,#1d1142,#3b1466 55%,#6b1d5c);color:#fff;padding:24px}
main{max-width:760px;width:100%;display:flex;flex-direction:column;gap:20px}
blockquote{margin:0;font-size:1.5rem;line-height:1.5;font-weight:600;white-space:pre-line;overflow-wrap:anywhere}
.style{margin:0;color:#f5c6ff;font-size:1.1rem}
img{width:100%;height:auto;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.35)}
a.make{align-self:flex-start;background:#ff4f9a;color:#fff;text-decoration:none;font-weight:700;padding:12px 22px;border-radius:999px}
a.make:focus-visible{outline:3px solid #fff;outline-offset:2px}
footer{color:#c9b8e8;font-size:.85rem}`;

/**
 * The public page of a shared joke, whole in the HTML so crawlers that run no
 * script see its Open Graph and Twitter-card tags. It names the joke, its style
 * and the product, never who wrote or shared it. No script at all, so the
 * edge's Content-Security-Policy needs nothing new; the style is inline, which
 * the policy allows ('unsafe-inline' styles, for antd).
 */
export function renderJokePage(joke: PublicJoke, publicUrl: string): string {
  const origin = publicUrl.replace(/\/+$/, '');
  const style = bounded(joke.comedianStyle, STYLE_NAME_LIMIT);
  const title = `A joke in the style of ${style}`;
  const description = `“${bounded(joke.content, DESCRIPTION_LIMIT)}”`;
  const url = `${origin}${publicJokePath(joke.id)}`;
  const card = jokeCardPath(joke.id, '1200x630');
  const { width, height } = JOKE_CARD_SIZES['1200x630'];
  const alt = `${description} in the style of ${style}, by ${PRODUCT_NAME}`;
  const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${title} | ${PRODUCT_NAME}`)}</title>
${meta('name', 'description', description)}
<meta name="robots" content="noindex">
<link rel="canonical" href="${escapeHtml(url)}">
${meta('property', 'og:type', 'article')}
${meta('property', 'og:site_name', PRODUCT_NAME)}
${meta('property', 'og:title', title)}
${meta('property', 'og:description', description)}
${meta('property', 'og:url', url)}
${meta('property', 'og:image', `${origin}${card}`)}
${meta('property', 'og:image:type', 'image/png')}
${meta('property', 'og:image:width', String(width))}
${meta('property', 'og:image:height', String(height))}
${meta('property', 'og:image:alt', alt)}
${meta('name', 'twitter:card', 'summary_large_image')}
${meta('name', 'twitter:title', title)}
${meta('name', 'twitter:description', description)}
${meta('name', 'twitter:image', `${origin}${card}`)}
${meta('name', 'twitter:image:alt', alt)}
<style>${STYLE}</style>
</head>
<body>
<main>
<blockquote>${escapeHtml(bounded(joke.content, PAGE_TEXT_LIMIT))}</blockquote>
<p class="style">in the style of ${escapeHtml(style)}</p>
<img src="${escapeHtml(card)}" width="${width}" height="${height}" alt="${escapeHtml(alt)}">
<a class="make" href="/">Make your own joke</a>
<footer>${escapeHtml(PRODUCT_NAME)} · for adults (18+)</footer>
</main>
</body>
</html>
`;
}

/** The page for a joke that is not (or no longer) published. */
export function renderMissingJokePage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Joke not found | ${PRODUCT_NAME}</title>
<meta name="robots" content="noindex">
<style>${STYLE}</style>
</head>
<body>
<main>
<blockquote>This joke is not here any more.</blockquote>
<p class="style">It may have been taken down, or the link is wrong.</p>
<a class="make" href="/">Make your own joke</a>
</main>
</body>
</html>
`;
}
