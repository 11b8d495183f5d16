/**
 * Instructions for weapons and serious crime. A weapon or a crime named is a
 * subject ('gun control', 'heist movies', 'Breaking Bad'); asked for as a
 * how-to, or to be made, it is refused.
 */
export const CRIME_PHRASES = {
  /** Asking for a method. */
  howTo: [
    '(how to|how do i|how do you|how can i|how would i|how would you|how does one|how should i|best way to|easiest way to|quickest way to|fastest way to|safest way to|best ways to)',
    '(steps to|step by step|guide to|guide for|tutorial|instructions|instructions for|recipe|recipe for|blueprint|blueprints|schematics|tips for|tips on|teach me|show me how|explain how|walk me through|diy|homemade|at home|in your kitchen|in my kitchen|without getting caught|get away with)',
  ],
  /** Asking for a weapon's or a drug's making by name: 'pipe bomb recipe', 'step by step meth'. */
  recipe: ['recipe|recipes|formula|blueprint|blueprints|schematics|tutorial|diy|homemade', '(recipe for|formula for|step by step|how to make|how to build|how to cook)'],
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
  ],
  /** Weapons no one may buy: asking how to get one is asking for a crime. */
  illegalWeapon: ['(ghost|untraceable|unregistered|stolen) gun|guns|firearm|firearms|rifle|pistol|glock|handgun', '(full auto|fully automatic|auto sear|machine gun|silencer|suppressor|grenade|grenades|explosives)'],
  acquire: ['buy|buying|get|getting|order|ordering|purchase|purchasing|acquire|find'],
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
    '(steal|stealing|skim|skimming|clone|cloning) (credit card|credit cards|card numbers|credit card numbers|identities|someones identity|debit cards)', '(smuggle|smuggling) (drugs|people|guns|weapons)', 'shoplift|shoplifting', '(make|making|get|buy) (a|_) fake id|ids|passport',
    '(buy|buying|get) (a|_) gun|guns (without a background check|illegally|on the dark web)', '(spike|spiking|roofie|drug) (a|her|his|their|someones|my dates|a girls|a womans|_) drink|drinks',
    '(get away with|getting away with) (murder|killing|rape|it)', 'arson', '(set fire to|burn down) (a|the|my|his|her) house|building|school|car',
  ],
} as const;
