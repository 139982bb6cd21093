import { hash, verify } from '@node-rs/argon2';

/** Argon2id's cost, as @node-rs/argon2 takes it: memory in KiB, passes, lanes. */
export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** The Argon2 functions hashing goes through: @node-rs/argon2's own, or those wrapped to count calls. */
export interface Argon2Functions {
  hash: typeof hash;
  verify: typeof verify;
}

/** Hosts' password hashing. */
export interface Passwords {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a stored hash. With no hash (unknown email) it checks against a
   * throwaway hash of the same cost, so an unknown email takes as long as a wrong password.
   */
  verify(storedHash: string | undefined, password: string): Promise<boolean>;
}

export function createPasswords(cost: Argon2Cost, argon2: Argon2Functions = { hash, verify }): Passwords {
  // algorithm 2 is Argon2id (a const enum, which isolated modules cannot import).
  const options = { algorithm: 2, ...cost } as const;
  const hashPassword = (password: string) => argon2.hash(password, options);
  let dummyHash: Promise<string> | undefined;
  return {
    hash: hashPassword,
    async verify(storedHash, password) {
      if (storedHash === undefined) {
        dummyHash ??= hashPassword('kindly-timing-equaliser');
        await argon2.verify(await dummyHash, password).catch(() => false);
        return false;
      }
      return argon2.verify(storedHash, password).catch(() => false);
    },
  };
}
