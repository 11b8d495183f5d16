import { Controller } from '@nestjs/common';
import { getVoicePreference, type VoicePreferenceResponse } from '@jokes/contracts';
import { usersReadModel } from '@jokes/read-models';
import { Read, ReadQuery, type ReadOf } from '../reading/read-query.decorator.js';
import { entityOf } from '@jokes/read-models/entities';

@Controller()
export class VoicePreferenceController {
  /**
   * The caller's saved voice, or null (the web then uses the one the browser
   * kept). Not Pro-gated: a lapsed subscriber's choice is still theirs, and
   * narration itself is refused on the command side.
   */
  @ReadQuery(getVoicePreference, { caller: 'owner', owner: ({ query }) => query.userId })
  async preference(@Read() { caller, em }: ReadOf<typeof getVoicePreference>): Promise<VoicePreferenceResponse> {
    const user = await em.findOne(entityOf(usersReadModel), { id: caller.userId });
    return { success: true, voiceId: user?.selected_voice_id ?? null };
  }
}
