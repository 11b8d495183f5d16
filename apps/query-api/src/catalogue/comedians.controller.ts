import { Controller, Header } from '@nestjs/common';
import { listComedians, type Catalogue } from '@jokes/contracts';
import { COMEDIANS, LENGTHS } from '@jokes/domain';
import { ReadQuery } from '../reading/read-query.decorator.js';

const catalogue: Catalogue = {
  comedians: COMEDIANS.map(({ name, tier, makeMeLaugh }) => ({ name, tier, makeMeLaugh })),
  lengths: LENGTHS.map(({ value, label, description, minSentences, maxSentences, tier }) => ({
    value,
    label,
    description,
    minSentences,
    maxSentences,
    tier,
  })),
};

@Controller()
export class ComediansController {
  /** The catalogue changes only with a deploy, so browsers may cache it for an hour. */
  @ReadQuery(listComedians, { caller: 'anyone' })
  @Header('cache-control', 'public, max-age=3600')
  list(): Catalogue {
    return catalogue;
  }
}
