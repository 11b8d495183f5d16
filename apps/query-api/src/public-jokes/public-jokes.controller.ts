import { Controller, Inject, NotFoundException, Res } from '@nestjs/common';
import { jokeCard, publicJokePage, type JokeCardSize } from '@jokes/contracts';
import type { Response } from 'express';
import { Read, ReadQuery, type PublicReadOf } from '../reading/read-query.decorator.js';
import { CardCache, TEMPLATE_VERSION } from './card-cache.js';
import { renderJokePage, renderMissingJokePage } from './public-joke.page.js';
import type { PublicJokesConfig } from './public-jokes.config.js';
import { findPublishedJoke } from './published-joke.reader.js';

export const PUBLIC_JOKES_CONFIG = Symbol('PublicJokesConfig');

/**
 * Every answer is revalidated (`no-cache`, with a validator): a joke taken
 * down must leave every cache at its next request, so no copy, the edge's,
 * a CDN's or a browser's, may outlive the check against the read model. A
 * revalidation costs one primary-key lookup and a 304, never a drawing.
 */
const REVALIDATE = 'public, no-cache';

@Controller()
export class PublicJokesController {
  constructor(
    @Inject(CardCache) private readonly cards: CardCache,
    @Inject(PUBLIC_JOKES_CONFIG) private readonly config: PublicJokesConfig,
  ) {}

  @ReadQuery(publicJokePage, { caller: 'anyone' })
  async page(@Read() { params, em }: PublicReadOf<typeof publicJokePage>, @Res() response: Response): Promise<void> {
    const joke = await findPublishedJoke(em, params.id!);
    if (!joke) {
      await this.cards.forget(params.id!);
      response.status(404).type('html').setHeader('cache-control', 'no-store');
      response.send(renderMissingJokePage());
      return;
    }
    // Express tags the page (weak ETag of its bytes) and answers a matching If-None-Match with 304.
    response.type('html').setHeader('cache-control', REVALIDATE);
    response.send(renderJokePage(joke, this.config.publicUrl));
  }

  @ReadQuery(jokeCard, { caller: 'anyone' })
  async card(@Read() { params, em }: PublicReadOf<typeof jokeCard>, @Res() response: Response): Promise<void> {
    const jokeId = params.id!;
    const size = params.size!.replace(/\.png$/, '') as JokeCardSize;
    const joke = await findPublishedJoke(em, jokeId);
    if (!joke) {
      // Its page is gone, so its cards go too (they are never served either way: the lookup comes first).
      await this.cards.forget(jokeId);
      throw new NotFoundException({ error: 'Not Found', message: 'No such joke card.' });
    }
    // A joke's text never changes, so its id, size and template name the picture.
    const etag = `"${jokeId}-${size}-v${TEMPLATE_VERSION}"`;
    response.setHeader('cache-control', REVALIDATE);
    response.setHeader('etag', etag);
    if (response.req.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      response.status(304).end();
      return;
    }
    const png = await this.cards.card(jokeId, size, joke);
    response.type('png').setHeader('content-length', String(png.length));
    response.end(response.req.method === 'HEAD' ? undefined : png);
  }
}
