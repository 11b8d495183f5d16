/**
 * Topics the offline writer suggests when the request leaves the topic empty
 * (Make Me Laugh). Everyday things everyone has an opinion about; each reads
 * naturally after 'about', which is how the templates use a topic.
 */
export const EVERYDAY_TOPICS: readonly string[] = [
  'airline food', 'self-checkout machines', 'group chats', 'the gym', 'dating apps',
  'flat-pack furniture', 'parking garages', 'smart speakers', 'online reviews', 'daylight saving time',
  'password rules', 'reply-all emails', 'hotel breakfasts', 'airport security', 'New Year resolutions',
  'autocorrect', 'wedding speeches', 'open-plan offices', 'meal prepping', 'houseplants',
  'hold music', 'streaming subscriptions', 'parallel parking', 'sourdough starters', 'family road trips',
  'voicemail', 'video calls', 'cruise ships', 'theme park lines', 'camping',
  'brunch', 'cold brew coffee', 'fantasy football', 'smartwatches', 'gender reveal parties',
  'home improvement shows', 'escape rooms', 'pumpkin spice', 'office birthday cake', 'moving apartments',
];

/**
 * Makes a user's topic safe to slot into a sentence: single spaces, and no
 * sentence-ending marks, which would add sentences ('Mr. Bean' becomes 'Mr Bean')
 * and break the requested count. Returns '' when nothing usable is left.
 */
export function cleanTopic(topic: string): string {
  return topic
    .replace(/[.!?]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“‘(]+|["'”’),;:]+$/g, '')
    .trim();
}
