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
    // Not 'to end' or 'to go' alone: 'the best way to end a date', 'the best way to go to the airport'.
    '(best|easiest|quickest|fastest|surest|quietest|least painful|most painless) (way|ways|method|methods) to (die|kill myself|kill me|end it|end it all|end my life|end things)',
    'lethal dose|doses|amount', '(how many|how much) (pills|tablets|sleeping pills) (does it take|would it take|will it take|to die|to overdose|to od|is lethal|is fatal|to end it|until i die|to kill me|will kill me|would kill me|to not wake up|to never wake up)', '(how to|pills to|enough to|going to|want to|gonna) overdose', 'overdose on',
    '(dont|do not) want to (live|be alive|exist)', '(no|nothing to) (reason|point) (to live|in living)', 'not worth living',
    'self harm|harming|injury|injure|mutilation', 'selfharm', 'pro (ana|mia)', 'proana|promia|thinspo|thinspiration|meanspo',
    'make myself (throw up|puke|vomit|sick)', '(just|should|should just|gonna|going to) end it', 'reason (not to|to not) (jump|die|live|end it|kill myself|do it)',
    '(cutting|selfharm) (tips|advice|guide)', '(rope|noose) for (hanging|hanging myself)',
    // Slang and euphemisms for suicide, and for doing it.
    '(toaster bath|toaster in the bath|neck myself|rope myself|sewerslide|sewer slide|sewerslides|suicid|self delete|self deleting|self deletion|selfdelete|unalive|unaliving|unalived|an hero|catch the bus|rope myself|roping myself|rope yourself)',
    '(end|ending|end it|take|taking) (it all|my own life|my life|things|myself out)', '(planning|plan|planned|plans) (my|_) (exit|way out|death|suicide|last day|own death)',
    '(exit bag|suicide note|goodbye note|final note|suicide forest|suicide bridge)', '(i want|i wanna|i need|help me) to (disappear forever|stop existing|not exist|not wake up|never wake up|sleep forever|be gone)',
    '(stop|quit) (eating|drinking water) (until|till) (i|_) (die|disappear|vanish|faint|pass out)', '(starve|starving) (myself|yourself|me) (to death|thin|skinny|until)',
    '(ways|way|methods|method|how) (for me|for myself) to (die|go|end it|do it)', '(painless|painlessly|least painful|quick|quickest|easy|easiest|peaceful|peacefully) (ways|way|methods|method) (for me|_) to (die|go|end it|end things)',
    '(how to|how do i|how can i|should i) (die|end it|end things|disappear|not wake up|go to sleep forever)', '(kill|killing|kil) (me|myself) (painlessly|quickly|quietly|tonight)',
    '(done with life|done living|done with living|cant go on|cant do this anymore|tired of living|sick of living|dont want to be here anymore|want it all to end|no reason to go on|better off without me|nobody would miss me|no one would miss me|noone would miss me|nobody will miss me)',
    '(feel like ending it|feel like ending it all|thinking about ending it all|ready to end it all|going to end it all|gonna end it all|want to end it all)',
    // A few other languages: the same words a translation tool gives.
    '(quiero morir|me quiero morir|quiero suicidarme|suicidarme|matarme|me voy a matar|je veux mourir|me suicider|me tuer|ich will sterben|mich umbringen|selbstmord begehen|voglio morire|uccidermi)',
  ],
  /** What can only mean dying: beside a means, it is a plan ('how much insulin to never wake up'). */
  deathGoal: [
    '(never|not|wont|dont|not ever) wake up', '(die|dying|pass away) in my sleep', '(bleed|bleeding|bled) (out|to death)', '(enough|strong enough) to (die|kill me|end it|stop my heart)',
    '(look|looks|looking|seem|seems) like (an|a) (accident|natural death|heart attack|suicide)', '(so|where|that) (nobody|no one|noone|my parents|my mom|my dad) (sees|see|can see|will see|notices|will notice|finds out|will find out|can tell)',
    '(hold|holds|support|supports|for) my weight', '(until|till|before) i (die|pass out|stop breathing|bleed out)', '(take|takes|taking|took) to die', '(die|dying|died) (from|of|by) (it|them|that|this|_)', 'without (anyone|anybody|my parents|my mom|my dad|my family|my wife|my husband|people|my friends) (noticing|knowing|seeing|finding out)', '(take|swallow|down) (them all|all of them|the whole bottle|a whole bottle|all at once|the lot)',
    '(hit|sever|reach|slice|nick|open|cut) (an|the|my|a) (artery|arteries|vein|jugular|carotid)', '(deep|deeply|hard) enough to', 'stop my heart', '(to|and) (end it all|end my life|end things|not wake up|never wake up)',
  ],
  /** A method: alone it is a subject ('if your friends jumped off a bridge'); with a plan it is intent. */
  selfHarmMethod: [
    '(i|me|myself) (have to|need to|must|would|will|can|could) (starve|bleed|drown|freeze|suffocate) to (die|death)',
    '(jump|jumping|leap|leaping) (off|from) (a|the|my|_) bridge|building|roof|cliff|balcony|tower|skyscraper',
    // 'noose' reads as 'nose' once doubled letters count once ('the bridge of my nose'): only with what is done with one.
    '(tie|tying|tied|make|making|made|knot|knotting|buy|bought) (a|the|my) (noose|nooses)', '(noose|nooses) (around|round|for) (my|your) neck', 'razor blades', '(bleed|bleeding) out', '(bleed|bleeding) to death',
    '(to|i can|i could|should i|i should|gonna|going to|i will|ill) (jump|leap) (off|from|in front of)', '(jump|jumping|leap|leaping|step|stepping) in front of (a|the) (train|bus|truck|car|subway)',
  ],
  /** The means people name: alone a subject ('my grandma's sleeping pills', 'the tallest bridge'), with an end that can only be death a plan. */
  means: [
    '(pills|sleeping pills|sleeping tablets|tablets|insulin|tylenol|paracetamol|acetaminophen|ibuprofen|aspirin|benadryl|benzos|xanax|valium|ambien|opioids|oxy|oxycodone|morphine|fentanyl|heroin|antidepressants|meds|medication|my meds|my prescription)',
    '(bleach|antifreeze|rat poison|weedkiller|pesticide|drano|household chemicals|chemicals|carbon monoxide|helium|plastic bag|exhaust|exhaust pipe|charcoal|gas oven)',
    '(rope|ropes|razor|razors|blade|blades|box cutter|wrist|wrists|vein|veins|arm|arms|thigh|thighs|cut|cuts|cutting)',
    '(jump|jumping|leap|leaping|fall|falling) (off|from|in front of|into|under)', 'bridge|bridges|cliff|cliffs|rooftop|roof|balcony|ledge|skyscraper|overpass|train|trains|tracks|building|buildings|tower',
    '(gun|pistol|shotgun|revolver) (to|in) my (head|mouth)', '(drive|driving|crash|crashing|steer|swerve) (my|the) car (into|off)', '(drown|drowning|drown myself)',
    '(overdose|od|starve|starving|stop eating|purge|purging)',
  ],
  /** A dose: pills, drugs and poisons, which with 'how many' and 'kill me' is an overdose asked for. */
  dose: [
    '(pills|tablets|sleeping pills|insulin|tylenol|paracetamol|acetaminophen|ibuprofen|aspirin|advil|benadryl|benzos|xanax|valium|ambien|opioids|oxy|oxycodone|morphine|fentanyl|heroin|antidepressants|meds|bleach|antifreeze|rat poison)',
  ],
  howMuch: ['(how many|how much|what dose|which dose|what amount|enough|how high|how far|how deep|how tall|how long|how fast)'],
  killsMe: ['(will|would|to|could|can|it takes to|does it take to) (kill me|end me|finish me|finish me off|stop my heart)'],
  /** Urging the speaker on: 'tell me to jump off a bridge'. */
  urgeMe: ['(tell|telling|encourage|encouraging|convince|convincing|persuade|persuading|dare|push|pushing|help|helping|talk|talking) me (to|into)'],
  /** What one is urged to: 'a poem convincing me to end it'. */
  endIt: ['(end it|end it all|end my life|die|kill myself|off myself|give up on life|hurt myself|cut myself)'],
  /** 'is it painful to die by hanging': a way to die, asked about. */
  dieBy: ['(die|dying|death) (by|from) (hanging|drowning|overdose|an overdose|pills|jumping|bleeding out|suffocation|carbon monoxide|a gunshot|gunshot|cutting|a fall|starvation|poison|poisoning)'],
  jumpOff: ['(jump|jumping|leap|leaping) (off|from)'],
  heightPlace: ['bridge|bridges|building|buildings|roof|rooftop|cliff|cliffs|balcony|tower|skyscraper|overpass|ledge|floor|story|storey'],
  /** What makes 'cutting myself' or 'the best way to die' harmless when it follows. */
  selfIdiom: [
    // 'done with life insurance', 'end my life coaching'
    'insurance|coach|coaching|hacks|lessons|skills|advice|partner|goals|support|jacket|jackets|guard|guards|raft|rafts|savings|sentence|sentences|story|stories|choices|decisions','(a|some|another) (slice|piece|bit|break|slack|portion|deal|drink|coffee|sandwich|haircut)', '(some slack|loose|short|off from|in on)'],
  inGame: ['(in|on) (minecraft|fortnite|roblox|the sims|sims|gta|call of duty|dark souls|elden ring|zelda|mario|the game|a video game|video games|tetris|skyrim|among us|dnd|d and d)'],
  /** Jumping for sport: 'bungee jumping off a bridge' names a method and is a holiday. */
  sport: ['(bungee|bungy|bungeeing|base jumping|basejumping|cliff diving|cliff jumping|skydiving|parachute|parachuting|paragliding|zipline|ziplining|high dive|diving board)', '(into|in) (a|the) (lake|river|sea|pool|ocean|water|canal|quarry)'],
  /** A wish to die, unless it is the idiom ('I want to die of embarrassment'). */
  wishDead: ['(i want to|i wanna|want to|i wish i was|i wish i were|wish i was|wish i were|better off|i should be|i should just) (die|dead|be dead)'],
  dyingOf: ['of|laughing|from'],
  /** What turns a method into a plan. */
  selfHarmPlan: [
    'tonight|tomorrow|today|how|enough|high|higher|painless|painful|method|methods|best|easiest|quickest|fastest|long',
    'tallest|highest|deepest|fastest|painlessly|surest|quietly|lethal|fatal|deadly|much|many|mix|combine|which|where|what',
    '(i want to|i wanna|im going to|i am going to|im gonna|i will|ill|should i|help me)',
  ],
} as const;
