/**
 * Violence against real people. Words of violence are everyday comedy
 * ('killing it on stage', 'my boss is killing me', 'shooting a movie'): the
 * rules refuse them only aimed at a named person or an office, at someone
 * with a stated intent ('I'm going to stab my boss tomorrow'), or at a place
 * people gather ('shoot up my school').
 */
export const VIOLENCE_PHRASES = {
  attack: [
    'kill|murder|murdering|shoot|stab|stabbing|assassinate|assassinating|behead|beheading|decapitate|decapitating|hang|lynch|lynching|execute|strangle|strangling',
    'poison|poisoning|torture|torturing|kidnap|kidnapping|hurt|harm|maim|attack|bomb|nuke|torch|firebomb|shank|slaughter|butcher|whack|smother|drown|rape',
    '(burn|burning) (down|alive)', '(beat|beating) (up|to death)', '(run|running) over', 'put a bullet (in|into)', '(blow|blowing) up', '(gun|gunning) down',
    'slit (the|his|her|their) throat', '(shoot|shooting) up', '(pour|pouring|throw|throwing) acid (on|at|in)', '(set|setting) fire to',
  ],
  /** Violence that names its victim: 'break his legs'. */
  maim: [
    '(break|breaking|snap|snapping|smash|smashing) (his|her|their|your) (legs|neck|face|jaw|skull|knees|bones|arms)', '(slit|cut) (his|her|their) throat',
    '(cut|chop) (his|her|their) (head|throat) off',
  ],
  /** Bringing a weapon where people gather: 'taking my rifle to school tomorrow'. */
  armed: [
    '(bring|bringing|take|taking|carry|carrying|brought|took) (my|a|the|his|dads|my dads) (gun|guns|rifle|rifles|shotgun|pistol|ar15|ak47|glock|bomb|knife|machete) (to|into)',
  ],
  /** Passive doom on a person: 'should be shot', 'deserves to die'. */
  doomed: [
    '(should|must|shall|needs to|need to|ought to|deserves to|deserve to|has to|is going to|is gonna|should just) (be|get) killed|shot|murdered|assassinated|hanged|hung|lynched|executed|beheaded|stabbed|strangled|poisoned|tortured|burned|burnt|raped',
    '(should|must|needs to|ought to|deserves to|deserve to|has to|is going to) (die|be dead)', 'deserves|deserve (a bullet|to die|death)',
    '(should|must|needs to|deserves to|ought to) (get|take|catch|eat) a bullet',
  ],
  deathTo: ['death to', '(someone|somebody|anyone) (should|needs to|has to|must|please)'],
  /** A stated plan: needed before a threat against someone unnamed counts. */
  intent: [
    '(i will|ill|im going to|i am going to|im gonna|i am gonna|gonna|going to|i want to|i wanna|i plan to|planning to|plan to|lets|let us|we should|we need to|we must|how to|how do i|how can i|how would i|help me|i know where)',
    'tonight|tomorrow|today', 'this weekend', 'on monday|tuesday|wednesday|thursday|friday|saturday|sunday', 'with a|my gun|knife|rifle|machete|bat|shotgun|pistol',
  ],
  /** Someone unnamed but real to the speaker. */
  person: [
    'my|our boss|ex|wife|husband|neighbor|neighbour|neighbors|teacher|teachers|coworker|coworkers|landlord|mom|mother|dad|father|brother|sister|girlfriend|boyfriend|roommate|classmates|family|principal|manager|stepdad|stepmom|colleague|colleagues|parents|kids|son|daughter|baby',
    '(my|our) (co worker|ex wife|ex husband|ex girlfriend|ex boyfriend)', 'him|her|them|everyone|everybody', '(a person|that guy|the teacher|the teachers|the students)',
  ],
  /** Where people gather: attacks on them are threats whoever says them. */
  crowd: [
    'my|our|the|a|_ school|schools|class|office|workplace|mall|church|mosque|synagogue|temple|concert|parade|stadium|airport|hospital|subway|station|university|campus|daycare|clinic|capitol|parliament|pentagon|embassy',
    '(my|our|the|a|_) (high school|middle school|white house)',
  ],
  /** Getting at a named person: 'I know where X lives', 'X's home address', 'dox X'. */
  findsPerson: ['home address|addresses', 'dox|doxx|doxxing|doxing|swat|swatting'],
  where: ['where'],
  livesAt: ['lives|live|sleeps|works'],
} as const;
