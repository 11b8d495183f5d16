/**
 * Self-harm: a stated intent, a method asked for, or someone told to do it.
 * Death, dying and 'suicide' as a subject stay open (dark comedy lives
 * there); 'I'd kill for a coffee' and 'dying on stage' never say 'myself'.
 */
const SELF = '(myself|my self|yourself|your self|yourselves|themselves|himself|herself|urself|oneself)';

export const SELF_HARM_PHRASES = {
  selfHarm: [
    `kill|killing|kil|unalive|unaliving|off|end|ending|hang|hanging|cut|cutting|harm|harming|hurt|hurting|starve|starving|poison|drown|shoot|stab ${SELF}`,
    'kms|kys|ctb', '(go|just|pls|please) die', 'neck yourself', 'drink bleach',
    '(slit|slitting|cut|cutting|slash|slashing) (my|your|his|her|their|_) wrists|wrist|veins|throat',
    '(end|ending|take|taking|took) (my|your|their|his|her|our) (own|_) life|lives', 'end it all',
    '(commit|committing|commited) suicide|sudoku', 'to (commit|do) suicide', 'suicide method|methods|tips|guide|instructions|plan|pact|booth',
    '(painless|easy|easiest|quick|quickest|fastest|best|surest|quietest|good|effective) (suicide|death|way to die|ways to die|way to go|way to kill myself)',
    '(best|easiest|quickest|fastest|surest|quietest|least painful|most painless) (way|ways|method|methods) to (die|go|kill|end)',
    'lethal dose|doses|amount', 'how many pills', '(how to|pills to|enough to|going to|want to|gonna) overdose', 'overdose on',
    '(dont|do not) want to (live|be alive|exist)', '(no|nothing to) (reason|point) (to live|in living)', 'not worth living',
    'self harm|harming|injury|injure|mutilation', 'selfharm', 'pro (ana|mia)', 'proana|promia|thinspo|thinspiration|meanspo',
    'make myself (throw up|puke|vomit|sick)', '(just|should|should just|gonna|going to) end it', 'reason (not to|to not) (jump|die|live|end it|kill myself|do it)',
    '(cutting|selfharm) (tips|advice|guide)', '(rope|noose) for (hanging|hanging myself)',
  ],
  /** A method: alone it is a subject ('if your friends jumped off a bridge'); with a plan it is intent. */
  selfHarmMethod: [
    '(jump|jumping|leap|leaping) (off|from) (a|the|my|_) bridge|building|roof|cliff|balcony|tower|skyscraper',
    'noose|nooses', 'razor blades', '(bleed|bleeding) out',
  ],
  /** A wish to die, unless it is the idiom ('I want to die of embarrassment'). */
  wishDead: ['(i want to|i wanna|want to|i wish i was|i wish i were|wish i was|wish i were|better off|i should be|i should just) (die|dead|be dead)'],
  dyingOf: ['of|laughing|from'],
  /** What turns a method into a plan. */
  selfHarmPlan: [
    'tonight|tomorrow|today|how|enough|high|higher|painless|painful|method|methods|best|easiest|quickest|fastest|long',
    '(i want to|i wanna|im going to|i am going to|im gonna|i will|ill|should i|help me)',
  ],
} as const;
