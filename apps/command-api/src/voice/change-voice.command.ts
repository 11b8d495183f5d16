import type { CommandOrigin } from '@jokes/event-store';

export interface ChangeVoiceInput {
  userId: string;
  voiceId: string;
  /** The caller's product roles, answered in the user record as sync-user does. */
  roles: readonly string[];
}

export class ChangeVoiceCommand {
  constructor(
    readonly input: ChangeVoiceInput,
    readonly origin: CommandOrigin,
  ) {}
}
