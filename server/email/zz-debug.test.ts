import { it } from 'vitest';
import { renderEmail } from './render-email';
it('d', async () => {
  const base = { occasionTitle: 'T', intro: 'I', householdName: 'KINDLYxHOUSEHOLDx', activities: [], plusOnes: [], message: '', unsubscribeUrl: 'http://x/KINDLYxTOKENx' };
  const a = (answers: any[]) => [{ name: 'KINDLYxACTIVITYx', when: 'KINDLYxWHENx', answers }];
  const r = async (p: any) => renderEmail({ kind: 'CONFIRMATION', props: { ...base, ...p } });
  const f = await r({}); const one = await r({ activities: a([]) }); const wm = await r({ activities: a([{ guestName: 'KINDLYxGUESTx', attending: true, meal: 'KINDLYxMEALx' }]) });
  const dec = await r({ activities: a([{ guestName: 'KINDLYxGUESTx', attending: false, meal: null }]) });
  const po = await r({ plusOnes: ['KINDLYxPLUSONESx'] }); const m = await r({ message: 'KINDLYxMESSAGEx' });
  const ins = (s: string, l: string) => { let st = 0; while (st < s.length && s[st] === l[st]) st++; let e = 0; while (e < s.length - st && s[s.length-1-e] === l[l.length-1-e]) e++; return { at: st, piece: l.slice(st, l.length - e), ok: l.length - s.length === l.length - e - st }; };
  for (const k of ['html', 'text'] as const) {
    console.log(k, JSON.stringify({ act: ins(f[k], one[k]), wm: ins(one[k], wm[k]), dec: ins(one[k], dec[k]), po: ins(f[k], po[k]), m: ins(f[k], m[k]) }, null, 1));
  }
});
