import { measureServe, serveTable } from './scale-serve.js';
const [pages, times] = process.argv.slice(2).map(Number);
const rows = [];
for (let i = 0; i < (times ?? 1); i++) rows.push(await measureServe(`/tmp/sitegate-scale-v1/${pages}`, pages!));
console.log(serveTable(rows).split('\n').slice(2).join('\n'));
