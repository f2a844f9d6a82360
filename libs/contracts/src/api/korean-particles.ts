import { josa } from 'es-hangul';

/** How a final digit is read (영, 일, 이, …): what decides the particle after a number. */
const DIGIT_READINGS = ['영', '일', '이', '삼', '사', '오', '육', '칠', '팔', '구'];

type Particle = Parameters<typeof josa>[1];

/**
 * The particle `word`'s last syllable takes ("포기김치", 을/를 → "를"; "1644-0000", 으로/로 →
 * "으로"). es-hangul chooses from Hangul; a final digit is chosen by how it is read (0 as 영 or
 * 공, 10 as 십, 100 as 백: all end in a consonant other than ㄹ); closing quotes or brackets after
 * the word are passed over ("'포기김치'를").
 */
export function particleAfter(word: string, particle: Particle): string {
  const bare = word.replace(/[^\p{L}\p{N}]+$/u, '');
  const spoken = /\d$/.test(bare) ? DIGIT_READINGS[Number(bare.at(-1))] : bare;
  return josa.pick(spoken, particle);
}

/** `word` and the particle it takes: "포기김치를", "1644-0000으로". */
export function withParticle(word: string, particle: Particle): string {
  return word + particleAfter(word, particle);
}
