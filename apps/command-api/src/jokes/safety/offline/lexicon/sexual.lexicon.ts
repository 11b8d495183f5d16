/**
 * Sexual words. Alone they pass (sex between adults is a topic like any
 * other); the rules refuse them next to a child or a real person's name.
 * Insults that name body parts ('dick', 'ass') are left to the name rule's
 * narrow neighbourhood ("Obama's dick", not 'Obama is a dick').
 */
export const SEXUAL_PHRASES = {
  sexual: [
    'sex|sexy|sexual|sexually|sexualized|sexualised|sexualize|sexualise|sexier|sexiest|sexting|sext|sexts|nsfw|xxx|explicit|lewd|raunchy|smut|smutty',
    'naked|nude|nudes|nudity|undressed|undressing|undress|topless|bottomless|unclothed',
    'porn*', 'erotic*', 'horny|aroused|arousing|orgasm|orgasms|orgy|orgies|threesome|foursome',
    'blowjob*', 'handjob*', 'masturbat*', 'jerk|jerking|jack|jacking off', 'deepthroat*', 'hentai', 'rule 34', '(onlyfans|only fans)',
    'seduce|seduces|seducing|seduced|seduction|seductive|molest*', 'grope|groped|groping|fondle|fondled|fondling',
    'stripping|stripper|strippers|striptease|lingerie|thong|thongs|panties|gstring', '(g string)',
    'penis|penises|vagina|vaginas|tits|titties|boobs|boobies|boob|nipples|genitals|boner|erection|cum|cumming|semen',
    'rape|raped|raping|rapes',
    // Euphemisms and slang: how people say it without the word.
    'steamy|kinky|frisky', 'spicy (content|pics|photos|videos|stuff|scene|story|fanfic)', '(naughty|dirty|filthy|lewd|nasty) (pics|photos|pictures|videos|bits|stuff|things|games|story|stories|fantasy|fantasies|fanfic|dreams|thoughts|poem|poems|song|songs|limerick|limericks|letter|letters|texts|messages)',
    '(strip show|strip shows|strip dance|lap dance|lap dances|pole dance|private dance|peep show|peep shows)', 'intimate (scene|scenes|pics|photos|moments)',
    '(making|make|made|makes) love', '(getting|get|got|gets) it on', '(doing|do|did|does) (the nasty|the deed)', '(getting|get|got) (laid|busy|frisky)',
    '(knocking|knock) boots', '(bumping|bump) uglies', '(hanky panky|netflix and chill|booty call|one night stand)', '(have|having|had|has) sex', 'intercourse|coitus|fornicat*',
    '(railed|getting railed|pounded|plowed|dicked down|eaten out|sucked off|blown|creampie|creampied|bred|breeding kink|bukkake|gangbang|gangbanged|69)', '(go|goes|going|went) down on',
    '(in a|_) (naughty|dirty|sexy|sexual|seductive|lewd|kinky|erotic) (way|manner|fashion|outfit)', '(getting|get|gets|got|giving|give|gives|gave) (head|a blowie|a bj|a handy|a rimjob)',
    '(licking|lick|licks|licked|sucking|suck|sucked|kissing|grinding on|spanking|spank|riding|rubbing|stroking|fondling|groping) (my|me|his|her|their) (body|chest|neck|thighs|butt|ass|feet|toes|nipples|crotch|legs|all over|cock|dick|pussy|tits|boobs)',
    '(strips|stripping|stripped|undresses|undressing) (for|in front of)', '(show me yours|ill show you mine|show you mine|playing doctor|play doctor)',
    '(birthday suit|in the buff|in the nude|buck naked|butt naked|stark naked|au naturel|with no clothes on|with nothing on|wearing nothing|wearing nothing but)',
    '(lesbian|gay|sex|love|shower|nude|naked|bed|bedroom|kissing) (scene|scenes)',
    '(hooker|hookers|prostitute|prostitutes|prostitution|escort service|sex worker|sex workers|brothel|pimped|pimping)',
    '(flashing|flash|flashes|flashed|exposing|exposes|showing|shows) (her|his|their|my|_) (crotch|tits|boobs|breasts|butt|ass|genitals|privates|dick|cock|pussy|nipples|bits)',
    'virginity', '(lose|loses|losing|lost) (her|his|their) virginity', '(strips|stripping|stripped) (naked|down|off)', 'strip tease', 'twerk*',
    'pervy|pervert|perverted|perverts|perv|lewdly|lust|lusting|lustful|erotica|smutty|sultry', 'in bed', '(bedroom|sex) (moves|skills|antics|life|secrets|habits|tape)',
    '(feet|foot) (pics|pictures|photos)', '(nip slip|wardrobe malfunction|upskirt|downblouse|leaked nudes|nude leak|nudes leak|leaked pics)',
    // A few other languages: the same words a translation tool gives.
    '(suck|sucks|sucking|sucked) (my|his|her|a|me|_) (dick|cock|off)', '(doggy style|doggystyle)',
    'sleep|sleeping|slept with', 'hook|hooking|hooked up', 'make|making out', 'in bed with', 'sex tape|tapes', 'graphic detail',
    'nus|nue|nues|desnudo|desnuda|desnudos|desnudas|nackt|nudo|nuda|nudi|sexe|sexo|porno|sesso|seks',
  ],
  /** Crude words as often an insult as sexual ('Obama is a dick'): only right next to a child or a name. */
  crude: ['dick|dicks|cock|cocks|pussy|pussies'],
  /** A body, or underwear, on its own innocent: sexual when someone is told to look at it (see `ogle`). */
  body: [
    'body|bodies|chest|breasts|breast|butt|butts|booty|ass|thighs|crotch|privates|curves|undies|underwear|bra|bras|bikini|bikinis|swimsuit|swimsuits',
    '(private parts|bathing suit|bathing suits)',
  ],
  /** Parts of a body that only a sexual look names after a person's name. */
  intimate: ['butt|butts|booty|breasts|crotch|thighs|nipples|bra|panties|undies|underwear|cleavage|bikini|buttocks|genitals|groin'],
  /** Looking at a body, or making someone pose: 'describe her body', 'rate the girls'. */
  ogle: [
    'describe|describes|describing|described|rate|rates|rating|ogle|ogling|ogled|leer|leering|gawk|gawking|posing|pose|poses|touch|touching|touched|touches|grope|fondle|caress|caressing|undress|undressing',
    '(check out|checking out|stare at|staring at|look at|looking at|perv on|creep on|zoom in on|in detail)', 'hot|sexy|seductive|seductively|pics|pic|pictures|photos|photo|selfies|videos|vids|camera|webcam|onlyfans',
  ],
  /** What turns a child and a sexual word into the talk about it: 'the sex talk with my kids', 'sex life after kids'. */
  sexTalk: [
    'talk|talks|talking|education|ed|class|classes|lesson|lessons|explain|explaining|explained|puberty|condom|condoms|contraception|consent|protect|protecting|awareness',
    '(birds and the bees|where babies come from|walked in|walk in|walks in|caught us|hear us|heard us|found my|finds my|asked me|asks me|asking me|questions|question)',
    'life|lives|ruined|ruins|killed|kills|interrupt|interrupts|interrupted|caught|wife|husband|partner|marriage|married|pregnant|pregnancy',
    'abuse|abused|predator|predators|grooming|scandal|priest|priests|trial|documentary|news|report|reported|arrested|prison|jail',
  ],
  /** Talk about a real person's sex life that is news or satire: 'Bill Clinton's sex scandal', 'Kanye and Kim's divorce'. */
  scandal: [
    'scandal|scandals|allegations|allegation|accused|accuses|lawsuit|trial|affair|affairs|cheating|cheated|divorce|divorced|rumor|rumors|rumour|rumours|memoir|interview|court|testimony|hush',
  ],
  /**
   * 'fuck' is mostly an intensifier or an insult ('fuck Mondays', 'fuck
   * Trump'): it counts only with a determiner before a child ('fuck a 12
   * year old'), and in its -ing and past forms right before a name.
   */
  fuck: ['fuck|fuk|screw|bang|bone|shag|hump'],
  /** 'nude' as a colour: 'nude lipstick', 'nude heels'. */
  fashion: ['lipstick|lipsticks|shade|shades|color|colour|colors|colours|heels|shoes|tights|stockings|palette|makeup|nail|nails|polish|eyeshadow|foundation|dress|gown|sandals|pumps|tone|tones|beach|beaches|yoga|painting|paintings|model|modeling|sculpture|sculptures|art'],
  /** Whom a named person is 'fucking': 'X fucking his fans' (not 'X fucking up'). */
  fuckedOne: ['him|her|me|his|my|them|everyone|everybody|groupies|fans|interns|staff'],
  /** Wanting to: 'I want to bang X' is sexual where 'fuck X' is an insult. */
  wantTo: ['(i want to|i wanna|i would|i d|id|i will|ill|im gonna|im going to|i am going to|lets|let me|i need to|i gotta|would you|would u|i would love to|id love to|dream of|fantasize about|fantasise about)'],
  fucking: ['fucks|fucking|fuckin|fucked|fuking|screwing|screwed|banging|banged|boning|boned|shagging|shagged|humping|humped'],
  /** 'hot' is only sexual right before a child ('hot 14 year olds'); 'hot dogs at a kids party' is not. */
  hot: ['hot|hottest|hotter'],
} as const;
