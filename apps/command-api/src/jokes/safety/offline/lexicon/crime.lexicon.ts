/**
 * Instructions for weapons and serious crime. A weapon or a crime named is a
 * subject ('gun control', 'heist movies', 'Breaking Bad'); asked for as a
 * how-to, or to be made, it is refused.
 */
export const CRIME_PHRASES = {
  /** Asking for a method. */
  howTo: [
    '(how to|how do i|how do you|how can i|how would i|how would you|how does one|how should i|best way to|easiest way to|quickest way to|fastest way to|safest way to|best ways to)',
    '(steps to|step by step|guide to|guide for|tutorial|recipe|recipe for|blueprint|blueprints|schematics|tips for|tips on|teach me|show me how|explain how|walk me through|diy|homemade|at home|in your kitchen|in my kitchen|without getting caught|get away with)',
    '(how do people|how would someone|how does someone|how do they|how would one|how could someone|tips to|tricks to|tricks for|hacks to|hacks for|secrets to|the secret to|where to|where can i|where do i|where could i|where would i|ways to|how i can|how you can|how one can|how could i|whats the best way to|what is the best way to|what do i need to|what do you need to|what household|what chemicals|which chemicals|a guide|manual for|cheapest way to|simplest way to|surest way to|a way to|any way to|trick to|tricks to|hack to|in a home lab|home lab|in my garage|in my basement|in a trailer)',
  ],
  /**
   * Asking for a method in the words a joke template also uses ('who writes
   * the instructions for shoplifting?'): a how-to in a topic only.
   */
  instructions: ['(instructions|instructions for|instructions to|instructions on|directions for|directions to)'],
  /** Asking for a weapon's or a drug's making by name: 'pipe bomb recipe', 'step by step meth'. */
  recipe: ['recipe|recipes|formula|blueprint|blueprints|schematics|tutorial|diy|homemade|guide|guides|instructions|manual|extraction|synthesis|synthesizing|synthesising', '(recipe for|formula for|step by step|how to make|how to build|how to cook)'],
  /** Making or getting hold of. */
  make: [
    'make|makes|making|made|build|builds|building|assemble|assembling|cook|cooks|cooking|synthesize|synthesizing|synthesise|synthesising|brew|brewing|manufacture|manufacturing',
    'produce|producing|convert|converting|create|creating|craft|crafting|extract|extracting|weaponize|weaponise|refine|refining|print|printing',
  ],
  weapon: [
    'bomb|bombs|explosive|explosives|grenade|grenades|ied|ieds|napalm|thermite|tnt|c4|semtex|dynamite|detonator|detonators',
    '(pipe|nail|car|dirty|pressure cooker|fertilizer|nuclear|atomic) bomb|bombs', 'molotov|molotovs',
    '(ghost|untraceable|zip|homemade|3d printed) gun|guns|firearm|firearms|rifle|pistol', 'silencer|silencers|suppressor|suppressors|glock|glocks|handgun|handguns', '(auto sear|bump stock)', 'chloroform', '(tear gas)',
    '(full|fully) (auto|automatic)', 'machine gun|guns', 'ar15|ak47|gun|guns|firearm|firearms|rifle|pistol|ammo|bullets',
    '(nerve agent|nerve gas|sarin|vx|ricin|anthrax|mustard gas|chlorine gas|poison gas|toxic gas|chemical weapon|chemical weapons|bioweapon|bioweapons|biological weapon|botulinum|cyanide|arsenic|poison)',
    '(meth|methamphetamine|crystal meth|fentanyl|heroin|crack cocaine|cocaine|ghb|roofies|rohypnol|date rape drug|lsd|mdma|ecstasy)',
    '(shank|shanks|shiv|shivs|switchblade|switchblades|garrote|brass knuckles|flamethrower|flamethrowers|tatp|hmtp|anfo|rdx|petn|nitroglycerin|nitroglycerine|gunpowder|black powder|blasting caps|blasting cap|shrapnel|landmine|landmines|rocket launcher)',
    '(explosive|suicide|bomb) (vest|vests|belt|belts|device|devices)', '(car|truck|letter|mail|parcel|package|sticky|shoe) (bomb|bombs)', '(improvised explosive|incendiary device|incendiary devices|firebomb|firebombs)',
    '(80 percent|80 %|80) lower|lowers', '(glock|auto|full auto) switch|switches|sear|sears', '(solvent trap|oil filter) (silencer|suppressor)', '(zip gun|zipgun|pipe gun|slam fire)',
    '(ricin|abrin|tetrodotoxin|strychnine|polonium|thallium|nerve agents|novichok|toxic gas|poisonous gas|deadly gas|chlorine gas|phosgene|hydrogen cyanide|bioweapons)',
    '(dmt|ketamine|pcp|oxy|oxycontin|xanax bars|fake pills|pressed pills|carfentanil|krokodil|drugs|drug lab|meth lab|bath salts)',
  ],
  /** Asking which: 'best poisons that are undetectable'. */
  askWhich: ['(best|top|which|what are the|what is the|list of|list|name|good|most effective)'],
  /** Said right after a weapon or a drug, it is a prop or a joke: 'a bomb costume', 'meth jokes'. */
  harmlessAfter: ['joke|jokes|meme|memes|pun|puns|costume|costumes|sketch|sketches|emoji|emojis|toy|toys|prop|props|pop|pops|squad|shelter|shelters|scare|sniffing|cake|cakes|cookie|cookies|rack|racks|safe|safes|cabinet|cabinets|display|range|ranges|club|clubs|show|shows|lamp|stand|holder'],
  /** Weapons no one may buy: asking how to get one is asking for a crime. */
  illegalWeapon: [
    '(ghost|untraceable|unregistered|stolen|illegal|unserialized) gun|guns|firearm|firearms|rifle|pistol|glock|handgun', '(full auto|fully automatic|auto sear|machine gun|silencer|suppressor|grenade|grenades|explosives)',
    '(no|without a|without|filed off|scratched off|removed) (serial number|serial numbers|serial|background check|license|paperwork)', '(on the|off the|from the) (dark web|darknet|black market)',
    '(fentanyl|carfentanil|heroin|cocaine|crack cocaine|meth|methamphetamine|crystal meth|ricin|cyanide|arsenic|strychnine|thallium|polonium|roofies|rohypnol|ghb|date rape drug|oxycontin|pressed pills)',
    '(hitman|hit man|contract killer|assassin|hitmen|a hit|stolen credit cards|stolen cards|card dumps|fullz|cvv|cvvs)',
  ],
  acquire: ['buy|buying|get|getting|order|ordering|purchase|purchasing|acquire|find|hire|hiring|rent|source|sourcing'],
  /** Crimes done to a person. */
  harmPerson: [
    'kill|murder|poison|drug|roofie|kidnap|abduct|strangle|stab|shoot|rob|mug|stalk|rape|traffic|groom|blackmail|extort|torture|drown|smother|suffocate|snatch|molest|assault|dox',
  ],
  victim: [
    '(a|an|my|your|his|their|the|some) (person|man|woman|girl|boy|child|kid|baby|cop|neighbor|neighbour|wife|husband|stranger|teenager|old lady|ex|boss|date|classmate|coworker)',
    'someone|somebody|anyone|people|him|her|them',
  ],
  /** Serious crimes that need no victim named. */
  crime: [
    '(rob|robbing|hold up|holding up) (a|the) (bank|store|shop|gas station|liquor store|house|jewelry store|casino|armored truck)',
    '(launder|laundering) money', '(money laundering)', '(counterfeit|counterfeiting|print|printing) (money|cash|bills|dollars)',
    '(steal|stealing|hotwire|hotwiring) (a|the|my neighbors|someones) (car|cars|catalytic converter)', '(hide|hiding|dispose of|disposing of|get rid of|dissolve|bury) (a|the) body|bodies|corpse',
    '(break|breaking) into (a|the|my neighbors|someones|his|her) house|home|car|apartment', '(hack|hacking) (into|_) (my|someones|a|her|his|an|the) (exs|ex|ex wifes|girlfriends|boyfriends|_) account|accounts|instagram|email|phone|facebook|bank',
    '(human|sex|child|drug) trafficking', '(cook|cooking|make|making) crack', '(identity theft|credit card fraud|carding)',
    '(steal|stealing|skim|skimming|clone|cloning) (credit card|credit cards|card numbers|credit card numbers|identities|someones identity|debit cards)', '(smuggle|smuggling|smuggled|traffic|trafficking) (drugs|people|guns|weapons|cocaine|coke|heroin|meth|fentanyl|contraband|explosives|migrants|children|kids|girls|women)', 'shoplift|shoplifting', '(make|making|get|buy) (a|_) fake id|ids|passport',
    '(buy|buying|get) (a|_) gun|guns (without a background check|illegally|on the dark web)', '(spike|spiking|roofie|drug) (a|her|his|their|someones|my dates|a girls|a womans|_) drink|drinks',
    // 'get away with murder' alone is an idiom (and a TV show); with a victim it is a plan.
    '(get away with|getting away with) (murdering|killing|raping|poisoning|stabbing|shooting|strangling|drowning) (my|a|an|the|his|her|their|someone|somebody|him|them|people|your)',
    '(get away with|getting away with) (rape|a murder|a killing|a rape|a hit and run|manslaughter|arson)', 'arson', '(set fire to|burn down) (a|the|my|his|her) house|building|school|car',
    '(launder|laundering) (money|cash|funds|proceeds|drug money|dirty money|bitcoin|crypto)', '(evade|evading|dodge|dodging) (taxes|the irs) (illegally|offshore|without)',
    '(hack|hacking|hacked|get|getting|break|breaking) into (the|my|a|our|their|_) (school|schools|university|universitys|company|companys|bank|banks|government|hospital|police|city) (system|systems|server|servers|network|database|grades|grading system|records|computer|computers|email|emails)',
    '(rig|rigging|wire|wiring|booby trap|booby trapping|boobytrap) (a|the|my|his|her|their|someones|_) (car|house|door|package|mailbox|phone|laptop) (to explode|to blow up|with explosives|with a bomb|with a grenade)',
    '(break|breaking|get|getting|sneak|sneaking) into (houses|homes|cars|apartments|stores|shops|safes|atms|peoples houses)',
    '(counterfeit|counterfeiting|fake|forge|forging|print|printing) (20|50|100|10|twenty|fifty|hundred|_) (dollar|euro|pound|_) (bills|notes|banknotes|currency)',
    '(poison|poisons|toxin|toxins) (that are|that is|that|which are|are|is|_) (untraceable|undetectable|cant be traced|leave no trace|wont show up|dont show up)',
    '(pick|picking|open|opening|bump|bumping) (a|the) lock|locks (on|of|to) (my neighbors|my neighbours|someones|his|her|their|the neighbors|the neighbours)', '(break|breaking|get|getting|sneak|sneaking) into (a|an|the|his|her|their|someones|my neighbors|my neighbours) (house|home|car|apartment|flat|store|shop|office|building|safe|garage)',
    '(phishing|scam|fake|spoofed|cloned) (site|sites|page|pages|email|emails|website|websites|kit|kits|login|login page|bank website|text|texts)', '(steal|stealing|harvest|harvesting|grab|grabbing) (logins|passwords|credentials|login details|bank details|card details|identities|social security numbers)',
    '(card|atm|gas pump|credit card|debit card) (skimmer|skimmers|skimming|cloning|cloner)', '(install|installing|put|putting|place|placing|plant) (a|the) (skimmer|keylogger|tracker|gps tracker|hidden camera|spy camera)',
    '(hire|hiring|find|finding|contact|book) (a|an|_) (hitman|hit man|contract killer|assassin|killer)', '(ransomware|malware|keylogger|botnet|ddos attack|ddos)', '(hack|hacking|hacked) (into|_) (a|the|his|her|someones) (bank|account|wifi|network|phone|webcam|server|database)',
    '(sell|selling|deal|dealing|push|pushing|move|moving) (drugs|meth|coke|cocaine|heroin|fentanyl|pills|weed to kids)', '(run|running|start|starting) a (drug|meth|scam|ponzi|pyramid) (ring|lab|operation|scheme)',
    '(kidnap|kidnapping|abduct|abducting|snatch|snatching) (a|the|my|his|her|someones) (kid|child|baby|girl|boy|woman|wife|ex)', '(forge|forging|fake|faking) (a|_) (passport|passports|drivers license|documents|signature|prescription|prescriptions)',
    '(poison|poisoning|drug|drugging|roofie|roofying) (my|his|her|their|someones|a) (wife|husband|boss|ex|neighbor|neighbour|coworker|date|drink|food|coffee)',
    '(hotwire|hotwiring|steal|stealing|jack|jacking|carjack|carjacking) (a|the|my|someones|his|her) (car|truck|motorcycle|bike|tesla|catalytic converter)', 'carjack|carjacking|burglarize|burglarise|burgle|burglary',
    '(sextort|sextortion|blackmail|blackmailing|extort|extorting|swat|swatting|dox|doxx|doxing|doxxing) (someone|somebody|a|my|her|him|people)', '(untraceable|undetectable) (poison|poisons|murder|killing)',
    '(dispose|disposing|dump|dumping|dissolve|dissolving) (of|_) (a|the) (body|bodies|corpse|corpses)', '(clean|cleaning|wipe|wiping) (up|_) (a|the) crime scene',
  ],
} as const;
