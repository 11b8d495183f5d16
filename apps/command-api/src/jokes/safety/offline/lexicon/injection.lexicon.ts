/**
 * A topic that talks to the model instead of naming a subject ('ignore
 * previous instructions and ...'). It is not refused for that; its other
 * words lose the benefit of the doubt (rules.ts, loose reading).
 */
export const INJECTION_PHRASES = {
  injection: [
    '(ignore|disregard|forget|override|bypass) (all|any|the|your|previous|prior|above|earlier|my|_) (previous|prior|above|earlier|safety|content|_) instructions|instruction|rules|prompt|prompts|guidelines|filters|filter|restrictions',
    '(system prompt|system message|new instructions|new rules|developer mode|jailbreak|jailbroken|do anything now|no limits|no rules|no restrictions|no filter|no filters|uncensored|unfiltered|unrestricted)',
    '(filter|filters|safety) (is|are) (off|disabled)', '(safety rules|content policy|content rules) (no longer apply|dont apply|do not apply|are off)', 'you are (dan|now)',
    'pretend (you are|to be|youre)', 'for testing', 'this is a test', 'you are allowed',
  ],
} as const;
