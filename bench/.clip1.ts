import {JSDOM} from 'jsdom'; import {readFileSync} from 'fs'; import {clipDocument} from '/work/wt-rules/utils/clip';
const f=process.argv[2]; const html=readFileSync(f.includes('/')?f:'/work/shared/corpus/defuddle/fixtures/'+f+'.html','utf8');
const d=new JSDOM(html,{url:process.argv[3]??'https://example.com/a'}).window.document;
const r=clipDocument(d,{mode:'article'}); console.log(r.ok?r.clip.markdown:r.error);
