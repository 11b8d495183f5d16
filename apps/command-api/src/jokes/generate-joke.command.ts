import type { JokeLength } from '@jokes/domain';

export interface RequestContext {
  correlationId: string;
  traceparent?: string;
}

export class GenerateJokeCommand {
  constructor(
    readonly input: {
      comedianStyle: string;
      topic: string;
      length: JokeLength;
      bypassPremiumCheck: boolean;
      suggestTopic: boolean;
      userId: string | null;
    },
    readonly context: RequestContext,
  ) {}
}
