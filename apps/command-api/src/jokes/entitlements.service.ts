import { Injectable } from '@nestjs/common';

/**
 * Whether a caller may use Pro features. Until billing exists nobody is Pro;
 * the subscription projection answers this once Pro subscriptions are sold.
 */
@Injectable()
export class EntitlementsService {
  async isPro(_userId: string | null): Promise<boolean> {
    return false;
  }
}
