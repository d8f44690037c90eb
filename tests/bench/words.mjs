// Vocabulary for the benchmark data set: names, cities, post sentences and hashtags.
// Everything is derived from a fixed seed, so every generation produces the same texts.

export const FIRST_NAMES = [
  "Maya", "Leo", "Sofia", "Omar", "Priya", "Noah", "Emma", "Liam", "Olivia", "Lucas", "Amara", "Kenji",
  "Ines", "Mateo", "Zara", "Ethan", "Chloe", "Ravi", "Hana", "Diego", "Nora", "Felix", "Aisha", "Jonas",
  "Mila", "Tariq", "Lena", "Yusuf", "Clara", "Hugo", "Elif", "Mason", "Ava", "Kofi", "Sara", "Ivan",
  "Lucia", "Arjun", "Freya", "Samir", "Julia", "Theo", "Nia", "Oscar", "Rosa", "Malik", "Ingrid", "Tomas",
  "Leila", "Bruno", "Yara", "Pablo", "Mei", "Erik", "Alba", "Dev", "Greta", "Kai", "Luz", "Anton",
];

export const LAST_NAMES = [
  "Chen", "Park", "Rossi", "Haddad", "Nair", "Smith", "Garcia", "Muller", "Kim", "Silva", "Okafor", "Tanaka",
  "Novak", "Jensen", "Costa", "Ali", "Dubois", "Kowalski", "Singh", "Ivanova", "Moreau", "Santos", "Berg",
  "Lopez", "Nguyen", "Rahman", "Fischer", "Ricci", "Mendes", "Petrov", "Yilmaz", "Sato", "Eriksen", "Reyes",
  "Hughes", "Weber", "Mensah", "Das", "Laine", "Romero", "Bauer", "Varga", "Khan", "Moretti", "Adeyemi",
  "Lindqvist", "Ortiz", "Murphy", "Horvat", "Abe", "Castro", "Wolf", "Banerjee", "Keller", "Duarte", "Popescu",
  "Sousa", "Lund", "Marin", "Ota",
];

export const CITIES = [
  "Lisbon", "Seoul", "Turin", "Amman", "Bengaluru", "Berlin", "Lagos", "Osaka", "Toronto", "Mexico City",
  "Nairobi", "Oslo", "Sao Paulo", "Istanbul", "Melbourne", "Warsaw", "Hanoi", "Madrid", "Dublin", "Cairo",
  "Vancouver", "Accra", "Helsinki", "Bogota", "Manila", "Prague", "Cape Town", "Montreal", "Athens", "Lima",
];

const OPENERS = [
  "", "", "", "Honestly,", "Today", "Hot take:", "Reminder:", "Small win:", "Fun fact:", "Update:",
  "Quick thought:", "Finally", "This morning", "Late night thought:", "PSA:", "Still thinking about how",
];
const SUBJECTS = [
  "the new bike lane", "my sourdough starter", "this tiny library", "the night bus", "our team retro",
  "the city marathon", "a good cup of coffee", "the climate report", "my balcony garden", "this old map",
  "the farmers market", "a rainy Sunday", "the design review", "my first pull request", "the trail above town",
  "the public pool", "that jazz record", "the new museum wing", "our community garden", "the harbor at dawn",
  "this font pairing", "the late train", "a slow morning", "the data pipeline", "my running shoes",
  "the open mic", "the street food stall", "that documentary", "the school fundraiser", "the river walk",
];
const VERBS = [
  "made my whole week", "needs more love", "is quietly brilliant", "deserves a thread", "changed my mind",
  "keeps surprising me", "was worth the wait", "is back and better", "broke in the best way",
  "taught me patience", "is officially my favorite", "finally clicked", "sparked a long debate",
  "is underrated", "looked unreal today", "needs a sequel", "went better than planned",
];
const ENDINGS = [
  ".", ".", "!", "!!", " and I am not sorry.", " if you ask me.", ", no notes.", " again.", " tbh.",
  " and that is the tea.", ". Who else?", ". Thoughts?", " 🙌", " ☕️", " 🌧️", " 🚲", " ✨",
];

const TAG_WORDS = [
  "design", "running", "climate", "coffee", "cities", "transit", "photography", "music", "books", "travel",
  "food", "baking", "coding", "javascript", "rust", "data", "science", "space", "art", "film", "gaming",
  "football", "basketball", "tennis", "cycling", "hiking", "yoga", "health", "startup", "product", "ux",
  "typography", "architecture", "gardening", "plants", "cats", "dogs", "news", "politics", "economy",
  "education", "history", "poetry", "writing", "jazz", "vinyl", "fashion", "diy", "crafts", "opensource",
  "ai", "robots", "ocean", "weather", "energy", "solar", "ev", "bikes", "maps", "urbanism", "tea", "wine",
  "vegan", "recipes", "fitness", "marathon", "chess", "anime", "comics", "theatre", "dance", "podcast",
  "radio", "birds", "wildlife", "mountains", "beach", "camping", "sunset", "mondays", "weekend", "remote",
  "careers", "teaching", "math", "physics", "biology", "medicine", "nursing", "parenting", "family",
  "friendship", "mentalhealth", "sleep", "books2025", "summer", "winter", "spring", "autumn", "rain",
];
const TAG_SUFFIXES = [
  "", "life", "daily", "tips", "club", "lab", "talk", "news", "love", "fans", "week", "goals", "nerd", "hub",
  "diary", "crew", "map", "notes", "time", "world", "101", "2025", "2026", "lovers", "people", "thoughts",
  "today", "vibes", "stories", "friday", "sunday", "challenge", "community", "inspo", "journal", "studio",
  "zone", "wins", "chat", "scene", "market", "walks", "photos", "dev", "art", "ideas", "fix", "bits", "co",
  "plus",
];

/** A small deterministic PRNG (mulberry32). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, list) => list[Math.floor(random() * list.length)];

/** `count` distinct sentences of at most 100 characters (post bodies, bios and comments). */
export function sentences(count, seed = 1) {
  const random = prng(seed);
  const out = new Set();
  while (out.size < count) {
    const opener = pick(random, OPENERS);
    const text = `${opener ? `${opener} ` : ""}${pick(random, SUBJECTS)} ${pick(random, VERBS)}${pick(random, ENDINGS)}`;
    const sentence = text.charAt(0).toUpperCase() + text.slice(1);
    if (sentence.length <= 100) out.add(sentence);
  }
  return [...out];
}

/**
 * `count` distinct lower-case hashtags (letters and digits, at most 20 characters), most popular
 * first: the plain topic words lead, then word+suffix and word+word combinations in a shuffled order.
 */
export function hashtags(count, seed = 2) {
  const random = prng(seed);
  const shuffle = (list) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
  };
  const head = shuffle([...TAG_WORDS]);
  const tail = [];
  for (const word of TAG_WORDS) {
    for (const suffix of TAG_SUFFIXES) if (suffix) tail.push(word + suffix);
    for (const other of TAG_WORDS) if (other !== word) tail.push(word + other);
  }
  const seen = new Set();
  const out = [];
  for (const tag of [...head, ...shuffle(tail)]) {
    if (out.length === count) break;
    if (tag.length > 20 || seen.has(tag) || /^\d+$/.test(tag)) continue;
    seen.add(tag);
    out.push(tag);
  }
  return out;
}
