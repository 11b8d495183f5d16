import type { Manner } from './manners.js';

/**
 * The premium styles (SPEC section 9: about 180 comedians, comic actors and
 * hosts), grouped by the manner each is best known for. Grouping keeps the
 * manner assignment reviewable at a glance; the catalogue sorts them by name.
 */
export const PREMIUM_BY_MANNER: Readonly<Record<Manner, readonly string[]>> = {
  observational: [
    'Ellen DeGeneres', 'Brian Regan', 'Nate Bargatze', 'Sebastian Maniscalco', 'Paul Reiser',
    'Ray Romano', 'Tom Papa', 'Taylor Tomlinson', 'Michael McIntyre', 'Russell Peters',
    'Jeff Foxworthy', 'Paula Poundstone', 'Jo Koy',
  ],
  deadpan: [
    'Steven Wright', 'Tig Notaro', 'Aubrey Plaza', 'Bill Murray', 'Jack Dee',
    'Leslie Nielsen', 'Bob Newhart', 'Todd Barry', 'Nick Offerman', 'Jerrod Carmichael',
    'Wendy Liebman', 'Stewart Lee',
  ],
  wordplay: [
    'Mitch Hedberg', 'Demetri Martin', 'Tim Vine', 'Milton Jones', 'Stewart Francis',
    'Rita Rudner', 'Groucho Marx', 'Gary Gulman', 'Mark Normand', 'Myq Kaplan',
    'Henny Youngman', 'Gina Yashere',
  ],
  storyteller: [
    'Richard Pryor', 'Eddie Murphy', 'Mike Birbiglia', 'Bert Kreischer', 'Gabriel Iglesias',
    'Hannibal Buress', 'Tom Segura', 'Tiffany Haddish', 'Bernie Mac', 'Cedric the Entertainer',
    'Billy Connolly', 'Ron White', 'Kumail Nanjiani', 'Patton Oswalt',
  ],
  rant: [
    'George Carlin', 'Lewis Black', 'Sam Kinison', 'Denis Leary', 'Dylan Moran',
    'Jim Jefferies', 'Christopher Titus', 'Kathy Griffin', 'Marc Maron', 'Greg Giraldo',
    'Colin Quinn', 'Lenny Bruce',
  ],
  'self-deprecating': [
    'Rodney Dangerfield', 'Phyllis Diller', 'Louie Anderson', 'Sarah Millican', 'Kevin James',
    'Rebel Wilson', 'Melissa McCarthy', 'Jenny Slate', 'Whitney Cummings', 'Pete Davidson',
    'Seth Rogen', 'Jonah Hill', 'John Candy',
  ],
  absurdist: [
    'Steve Martin', 'Eric Andre', 'Emo Philips', 'Maria Bamford', 'Harry Hill',
    'Kristen Schaal', 'Tim Robinson', 'Noel Fielding', 'Ross Noble', 'Eddie Izzard',
    'John Cleese', 'Michael Palin', 'Eric Idle', 'Spike Milligan',
  ],
  political: [
    'Jon Stewart', 'John Oliver', 'Samantha Bee', 'Hasan Minhaj', 'Bill Maher',
    'Bill Hicks', 'Dick Gregory', 'Mort Sahl', 'Larry Wilmore', 'Wanda Sykes',
    'Roy Wood Jr.', 'Michelle Wolf', 'Jordan Klepper',
  ],
  awkward: [
    'Larry David', 'Zach Galifianakis', 'Nathan Fielder', 'Steve Carell', 'Michael Cera',
    'Aparna Nancherla', 'Tim Heidecker', 'Kyle Mooney', 'Eugene Levy', 'Joe Pera',
    'John Early', 'Jack Whitehall',
  ],
  'high-energy': [
    'Robin Williams', 'Jim Carrey', 'Chris Farley', 'Will Ferrell', 'Dane Cook',
    'Martin Lawrence', 'Chris Tucker', 'Leslie Jones', 'Bobcat Goldthwait', 'Gilbert Gottfried',
    'Katt Williams', 'Jerry Lewis', 'John Belushi',
  ],
  dark: [
    'Anthony Jeselnik', 'Jimmy Carr', 'Frankie Boyle', 'Doug Stanhope', 'Ricky Gervais',
    'Daniel Tosh', 'Norm Macdonald', 'Nikki Glaser', 'Jeff Ross', 'Joan Rivers',
    'Lisa Lampanelli', 'Don Rickles',
  ],
  musical: [
    'Bo Burnham', 'Tim Minchin', 'Weird Al Yankovic', 'Bret McKenzie', 'Jemaine Clement',
    'Jack Black', 'Adam Sandler', 'Reggie Watts', 'Rachel Bloom', 'Tom Lehrer',
    'Victor Borge', 'Bill Bailey', 'Andy Samberg',
  ],
  character: [
    'Sacha Baron Cohen', 'Kristen Wiig', 'Maya Rudolph', 'Kate McKinnon', "Catherine O'Hara",
    'Tracey Ullman', 'Mike Myers', 'Dana Carvey', 'Rowan Atkinson', 'Peter Sellers',
    'Andy Kaufman', 'Lily Tomlin', 'Carol Burnett', 'Martin Short', 'Bill Hader',
  ],
  'charming-host': [
    "Conan O'Brien", 'Jimmy Fallon', 'Jimmy Kimmel', 'Stephen Colbert', 'Seth Meyers',
    'David Letterman', 'Jay Leno', 'Johnny Carson', 'Craig Ferguson', 'James Corden',
    'Graham Norton', 'Steve Harvey', 'Amy Poehler', 'Tina Fey', 'Arsenio Hall',
    'Chelsea Handler', 'Billy Crystal',
  ],
};
