import { Controller, Get } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

@Controller()
export class HealthController {
  constructor(private readonly em: EntityManager) {}

  /** Ready when the database answers and the read models it serves exist. */
  @Get('/health')
  async health(): Promise<{ status: 'ok' }> {
    await this.em.getConnection().execute(`SELECT 1 FROM jokes LIMIT 1`);
    return { status: 'ok' };
  }
}
