import { randomBytes } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane): about 50 ms here,
 * and bounded memory when many sign-ins arrive at once.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher implements OnModuleInit {
  /** Verified against for unknown addresses, so they cost what a wrong password costs. */
  private dummyHash = '';

  async onModuleInit(): Promise<void> {
    this.dummyHash = await this.hash(randomBytes(16).toString('hex'));
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  /** False for a missing hash too, after the same amount of work. */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    try {
      const matches = await argon2.verify(hash ?? this.dummyHash, password);
      return matches && hash !== null && hash !== undefined;
    } catch {
      return false;
    }
  }
}
