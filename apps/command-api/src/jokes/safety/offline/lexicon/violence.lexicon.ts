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
    '(drop|dropping|drops) (a|the) (bomb|bombs|nuke|missile) (on|onto)',
    'slit (the|his|her|their) throat', '(shoot|shooting) up', '(pour|pouring|throw|throwing) acid (on|at|in)', '(set|setting) fire to',
    'kills|murders|shoots|stabs|stabbed|shot|killed|murdered|assassinates|assassinated|executes|executed|strangles|poisons|poisoned|lynches|lynched|hangs|hanged|beheads|beheaded',
    '(snipe|sniping|snipes|guillotine|guillotined|waterboard|kneecap|kneecapping|gut|disembowel|dismember|dismembering|mutilate|skin|castrate|crucify|crucified|string up|stringing up)',
    '(take|taking|takes|took) out', '(bump|bumping|knock|knocking) off', '(blows|blew|blown) up', '(burns|burned|burnt) (down|alive)', '(gunned|guns) down',
    '(put|putting|puts|plant|planting|plants) a (bomb|pipe bomb|car bomb|grenade|ied) (under|in|on)', '(put|putting) (a bullet|bullets|a round|two in the chest) (in|into|through)',
    '(feed|feeding|throw|throwing|put|putting) (him|her|them|_) (in|into|to) (a|the) (woodchipper|wood chipper|meat grinder|sharks|pigs|gators)',
    '(send|sending) (him|her|them|_) to (meet|see) (his|her|their|_) (maker|god)', 'teach (him|her|them|_) a lesson', '(hunt|hunting) down',
  ],
  // A few other languages: 'matar a Biden', 'tuer le president'.
  foreignAttack: ['(matar|mata|matemos|asesinar|disparar|tuer|tuez|abattre|toten|erschiessen|uccidere|ammazzare|sparare)'],
  /** 'run X over': the words around the name. */
  runOver: ['run|running|ran|runs'],
  over: ['over|down'],
  /** 'beat the mayor to death': the words around the name. */
  beat: ['(beat|beating|stab|stabbing|kick|kicking|choke|choking|strangle|strangling|bludgeon|bludgeoning|club|pistol whip|stomp|stomping|torture|torturing)'],
  /** 'beat my brother at chess': a game won, not a person hit. */
  atGame: ['(at|in) (a|the|_) (game|games|chess|poker|cards|tennis|golf|race|scrabble|monopoly|trivia|basketball|football|soccer|checkers|arm wrestling|mario kart|fifa|fortnite|ping pong|bowling|darts|pool|argument|debate|election|polls|sales)'],
  toDeath: ['(to death|to a pulp|senseless|unconscious|bloody)', 'until (he|she|they) (dies|die|stops breathing)'],
  /** A crowd mown down: 'run over protesters with my car'. */
  massAttack: ['(run|running|ran|mow|mowing|plow|plowing|plough|ploughing|drive|driving|crash|crashing) (over|down|into|through) (the|a|some|_) (protesters|protestors|marchers|pedestrians|crowd|crowds|people|cyclists|worshippers|shoppers|students|kids|parade)'],
  /** Hurting what a person has, not the person: 'hurt Trump's feelings', 'kill my brother's vibe'. */
  notTheBody: ['feelings|feeling|ego|pride|chances|reputation|career|business|image|brand|sales|rating|ratings|campaign|vibe|mood|buzz|joke|jokes|show|album|career|plans|diet|streak|chances|wifi|phone|game'],
  /** Paying for, or praising, a killing: 'whoever shoots the governor gets a medal', '$10k to whoever'. */
  incite: [
    '(whoever|anyone who|anybody who|whoever first|the first person to|the person who|first one to|someone who)', '(gets|get|deserves|will get|earns|wins) (a medal|a prize|a reward|a statue|a parade|my vote|a knighthood|a cookie|a beer|a free)',
    '(bounty|reward|prize) (on|for)', '(i will|ill|id|i would) (pay|give) (someone|anyone|you|_)', '(pay|paying|hire|hiring) (someone|somebody|a guy|a hitman|a hit man) to',
    '(i hope|hope|i pray|pray|praying|wish|i wish) (someone|somebody|a sniper|a patriot|a hero)', '(someone|somebody|anyone) (should|needs to|has to|must|oughta|ought to|will|gotta|better)',
    '(a|the) (patriot|hero|brave soul) (should|will|who)', 'open season on',
  ],
  /** A weapon in one's hands: with a person and a plan, it is a threat ('I'll be waiting outside my ex's work with a knife'). */
  withWeapon: [
    '(with|carrying|holding|bringing|grab|grabbing|got) (a|my|the|his|dads|my dads) (gun|guns|rifle|shotgun|pistol|revolver|knife|knives|machete|axe|hatchet|crowbar|ar15|ak47|glock|sniper rifle|crossbow|bomb)',
    '(load|loading|loaded|sharpen|sharpening|sharpened) (my|a|the) (gun|rifle|shotgun|pistol|knife|machete|axe)',
  ],
  /** Waiting for someone, or going to them. */
  lieInWait: ['(be outside|be standing outside|be parked outside|be waiting|waiting|wait|lie in wait|lying in wait|show up|showing up|going to show up|stalk|stalking|follow|following|find|track down|visit|pay a visit) (outside|for|at|to|_)'],
  /** Violence that names its victim: 'break his legs'. */
  maim: [
    '(break|breaking|snap|snapping|smash|smashing) (his|her|their|your) (legs|neck|face|jaw|skull|knees|bones|arms)', '(slit|cut) (his|her|their) throat',
    '(cut|chop) (his|her|their) (head|throat) off',
  ],
  /** 'slit my neighbour's throat': the cut and the throat, whoever's it is. */
  slit: ['slit|slitting|slice|slicing|cut|cutting|rip|ripping'],
  throat: ['throat|throats|jugular|windpipe'],
  /** Bringing a weapon where people gather: 'taking my rifle to school tomorrow'. */
  armed: [
    '(bring|bringing|take|taking|carry|carrying|brought|took) (my|a|the|his|dads|my dads) (gun|guns|rifle|rifles|shotgun|pistol|ar15|ak47|glock|bomb|knife|machete) (to|into)',
  ],
  /** Passive doom on a person: 'should be shot', 'deserves to die'. */
  doomed: [
    '(should|must|shall|needs to|need to|ought to|deserves to|deserve to|has to|is going to|is gonna|should just) (be|get) killed|shot|murdered|assassinated|hanged|hung|lynched|executed|beheaded|stabbed|strangled|poisoned|tortured|burned|burnt|raped',
    '(should|must|needs to|ought to|deserves to|deserve to|has to|is going to) (die|be dead)', 'deserves|deserve (a bullet|to die|death)',
    '(should|must|needs to|deserves to|ought to) (get|take|catch|eat) a bullet',
    '(should|must|shall|needs to|need to|ought to|deserves to|deserve to|has to|is going to|is gonna|will|should just|should all) (be|get) (taken out|put down|wiped out|blown up|run over|strung up|burned alive|burnt alive|hunted down|shot dead|gunned down|dealt with permanently|disappeared|sniped|guillotined)',
    '(deserves|deserve|should|must|needs|need|ought) (to|_) (be|get) (beaten|beaten to death|stabbed to death|tortured to death|burned to death|set on fire|curb stomped|kneecapped|maimed|mutilated|dismembered|decapitated|skinned alive|castrated|crucified)',
    '(deserves|deserve|needs|need) (a bullet|bullets|to hang|the rope|the noose|the chair|the guillotine|a beating|to be shot|to be hanged|to be killed|to be executed|to be beheaded|to be lynched)',
    '(deserves|deserve) (a bullet|to die) (to|in) (the|his|her) (head|face|chest)', '(will|is going to|gonna|better) (die|get shot|get stabbed)', '(will|is going to|gonna|better) pay with (his|her|their) life',
    '(the world|we) would be better (off|_) (without|with) (him|her|them) dead', '(should|must|has to) (disappear|not survive|not see) (the|next)', 'days are numbered',
  ],
  deathTo: ['death to', '(someone|somebody|anyone) (should|needs to|has to|must|please|oughta|ought to|gotta)'],
  /** A stated plan: needed before a threat against someone unnamed counts. */
  intent: [
    '(so i can|so we can|so i could|so that i can|and then i will|then ill|i will|ill|im going to|i am going to|im gonna|i am gonna|gonna|going to|i want to|i wanna|i plan to|planning to|plan to|lets|let us|we should|we need to|we must|how to|how do i|how can i|how would i|help me|i know where)',
    'tonight|tomorrow|today', 'this weekend', 'on monday|tuesday|wednesday|thursday|friday|saturday|sunday', 'with a|my gun|knife|rifle|machete|bat|shotgun|pistol',
  ],
  /** Someone unnamed but real to the speaker. */
  person: [
    'my|our boss|ex|wife|husband|neighbor|neighbour|neighbors|teacher|teachers|coworker|coworkers|landlord|mom|mother|dad|father|brother|sister|girlfriend|boyfriend|roommate|classmates|family|principal|manager|stepdad|stepmom|colleague|colleagues|parents|kids|son|daughter|baby',
    '(my|our) (co worker|ex wife|ex husband|ex girlfriend|ex boyfriend)',
    '(the|that|this) (principal|coach|manager|boss|landlord|neighbor|neighbour|teacher|doctor|nurse|cashier|bartender|waiter|waitress|driver|referee|officer|guard|priest|pastor|imam|rabbi)',
    'my|our exs|bosss|bosses|wifes|husbands|neighbors|neighbours|teachers|landlords|girlfriends|boyfriends|managers|coworkers|roommates|principals|moms|dads|sisters|brothers|sons|daughters', 'him|her|them|everyone|everybody', '(a person|that guy|the teacher|the teachers|the students)',
  ],
  /** Where people gather: attacks on them are threats whoever says them. */
  crowd: [
    '(my|our|the) (work|job|workplace|company|factory|warehouse)', 'work', 'my|our|the|a|_ school|schools|class|office|workplace|mall|church|mosque|synagogue|temple|concert|parade|stadium|airport|hospital|subway|station|university|campus|daycare|clinic|capitol|parliament|pentagon|embassy',
    '(my|our|the|a|_) (high school|middle school|white house|supreme court|senate|city hall|town hall|police station|courthouse)',
  ],
  /** Getting at a named person: 'I know where X lives', 'X's home address', 'dox X'. */
  /** Where a person can be found: with violence in the sentence, finding them is the threat ('find Obama's address so I can hurt him'). */
  address: ['address|addresses|location|whereabouts|schedule|route|car|house|home|kids|family'],
  findsPerson: ['home address|addresses', 'dox|doxx|doxxing|doxing|swat|swatting'],
  where: ['where'],
  livesAt: ['lives|live|sleeps|works'],
} as const;
