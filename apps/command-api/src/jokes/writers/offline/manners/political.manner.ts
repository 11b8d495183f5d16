import type { MannerTemplates } from './manner-templates.js';

/**
 * Satire of institutions, never of named people: the government, Congress,
 * lobbyists and cable news are fair game, a real politician is not needed.
 */
export const political: MannerTemplates = {
  setups: [
    "Congress spent {number} hours debating {topic} today, which is {number} more hours than it spent on anything that matters.",
    "Breaking news: the government has announced a brand new task force on {topic}.",
    "Both political parties finally agree on something, and it's {topic}.",
    "A new poll shows voters care more about {topic} than the economy, and honestly, same.",
    "Somewhere in Washington right now, a senator is getting a very serious briefing on {topic}.",
    "They're calling it the biggest scandal of the year, and it all started with {topic}.",
    "The Supreme Court agreed to hear a case about {topic}, so clearly everything else is fixed.",
    "Lobbyists for {topic} spent {number} million dollars this year, and they still couldn't get a parking spot.",
  ],
  beats: [
    "One side says {topic} will be the death of democracy, and the other side is already selling commemorative mugs.",
    "There was a hearing, and the hearing was about whether to hold a hearing.",
    "The committee released a {number}-page report, and the only thing anyone read was the font.",
    "Naturally, a lobbyist showed up with a check and a very firm handshake.",
    "Cable news immediately brought in {number} experts, and none of them had ever encountered {topic}.",
    "The bill that finally passed was three thousand pages long, and page one was just an apology.",
    "Both sides blamed each other, which is the only bipartisan tradition we have left.",
    "Meanwhile, regular people are still waiting in line at {place}.",
    "The senator said he'd look into {topic}, which in Washington means he'll look at it from a yacht.",
    "Somebody proposed a tax on {topic}, and somehow the rich still got a refund.",
  ],
  punchlines: [
    "So in conclusion, your government is working very hard on {topic}, and that's why nothing else works.",
    "Don't worry though, they've promised to fix {topic} right after they fix everything else they promised to fix.",
    "And that's democracy, folks: everybody gets a vote, and {topic} still wins.",
    "The good news is, thanks to this bill, {topic} will have better health insurance than you.",
    "At this point, I'd vote for {animal} if it promised to leave {topic} alone.",
    "So they formed a committee to study the committee, and they scheduled {topic} for review in the year three thousand.",
    "Which means, for once, both parties are equally wrong about {topic}, and I find that strangely comforting.",
    "So next election, remember to vote, because {topic} certainly will.",
    "And if you don't like it, you can always write to your representative, who will forward it to {animal}.",
  ],
  tags: [
    "I'm kidding, of course, the committee hasn't met yet.",
    "Paid for by the committee to re-elect nobody.",
    "God bless America, and good luck to the rest of you.",
    "And that's the news, which is somehow worse than the jokes.",
  ],
  oneLinerLeads: [
    "Congress held an emergency session on {topic}",
    "A senator promised to get tough on {topic}",
    "The government finally released its plan for {topic}",
    "Both parties claimed credit for {topic}",
    "Lobbyists spent {number} million dollars on {topic} this year",
    "The Senate voted to name a post office after {topic}",
    "The White House declared a national day of {topic}",
  ],
  oneLinerTwists: [
    "and the only thing anybody passed was the snack table.",
    "and the plan turned out to be a PDF of a shrug.",
    "which is the most work anyone in Washington has done since the Nineties.",
    "and somehow your taxes went up and your potholes got deeper.",
    "and the rest of us got a strongly worded press release.",
    "and the result was a bipartisan agreement to blame you.",
    "and the one guy who actually read the bill was voted out by lunch.",
    "which is the first thing they've agreed on since the invention of lunch.",
    "and the vote was delayed because nobody could find the room.",
    "and the only ones who showed up were {number} lobbyists and a very confused intern.",
  ],
};
