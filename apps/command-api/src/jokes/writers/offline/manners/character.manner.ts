import type { MannerTemplates } from './manner-templates.js';

/**
 * The comedian plays an invented persona (a life coach, a ghost, a child at a
 * science fair) who takes the topic far too seriously. Personas are fictional,
 * never impressions of real people.
 */
export const character: MannerTemplates = {
  setups: [
    "Hello, my name is Gary, and I am a motivational speaker who specializes in {topic}.",
    "Good evening, I'm your flight attendant for tonight's journey into {topic}.",
    "As a certified life coach, and by certified I mean I printed the certificate myself, I'm here to talk about {topic}.",
    "Hi, I'm a nine-year-old named Tyler, and my science fair project is about {topic}.",
    "Greetings, I am a Victorian ghost, and I have been haunting this building because of {topic}.",
    "Welcome back to my cooking show, where today we prepare {topic} the way my nana did, badly.",
    "Hello, I am a medieval knight, and I have traveled many miles to slay {topic}.",
    "Welcome to the tour, I'm Brenda, and I'll be your guide through the history of {topic}.",
  ],
  beats: [
    "Let's all take a deep breath together, in through the nose, out through the lawsuit.",
    "Now, the first thing you need to know about {topic} is that I am never wrong.",
    "My research was conducted over {number} minutes in a parking lot.",
    "I'm going to need a volunteer, you, sir, no, not you, the other sir.",
    "Please hold all questions until the end, at which point I will be gone.",
    "Back in my day, we didn't have {topic}, we had a stick, and we were grateful.",
    "I'm told {person} is in the audience tonight, hello, I'm not mad, I'm just very disappointed.",
    "As I always tell my clients, and by clients I mean my one client, you have to believe in yourself.",
    "Before we continue, please put on your complimentary name tags, mine says expert.",
    "If at any point you feel uncomfortable, that means it's working.",
  ],
  punchlines: [
    "So remember, on the journey of {topic}, I am your tour guide, and I am lost.",
    "That concludes today's session on {topic}, please leave your payment in the bucket next to {animal}.",
    "And that is how I lost the science fair to a potato with a battery in it, and I still think about it.",
    "Thank you, you've been a wonderful audience, and by wonderful I mean present.",
    "I'll be signing copies of my book, {Topic} and Me, in the lobby, which is my car.",
    "Now if you'll excuse me, I have to go haunt {place}, they're expecting me.",
    "Class dismissed, except for you, {person}, we need to talk about {topic}.",
    "In conclusion, my findings on {topic} are, and I cannot stress this enough, a lot.",
    "I am now accepting questions about {topic}, but only from {animal}.",
  ],
  tags: [
    "I'm kidding, I'm a professional, I have a lanyard.",
    "Tip your waiter, he's my son and he's saving up to leave me.",
    "And scene.",
    "Same time next week, same parking lot.",
  ],
  oneLinerLeads: [
    "As a life coach, my advice on {topic} has always been simple",
    "My character tonight is a weatherman who only reports on {topic}",
    "I play a flight attendant who gives the safety briefing on {topic}",
    "In my one-person show about {topic}, I play every role",
    "I'm doing an impression of {person} explaining {topic}",
    "I play a medieval knight who has sworn an oath against {topic}",
    "My newest character is a tour guide who can only talk about {topic}",
  ],
  oneLinerTwists: [
    "and the critics called it brave, which is French for please stop.",
    "and so far the only person who bought a ticket is {person}, twice.",
    "and the bit runs {number} minutes too long, on purpose, for art.",
    "and I never, ever break character, not even at {place}.",
    "and every version ends with me crying in a wig.",
    "and the costume budget was a bedsheet and a dream.",
    "and the audience participation part is mandatory, the doors are locked.",
    "and I stay in character at family dinners, which my mother calls a phase.",
    "and Hollywood has not called, but {person} did, to ask me to stop.",
    "and opening night sold out, because {person} bought all {number} seats.",
  ],
};
