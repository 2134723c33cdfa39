import json,sys,collections
p=json.load(open(sys.argv[1]))
nodes={n['id']:n for n in p['nodes']}
parent={}
for n in p['nodes']:
    for c in n.get('children',[]): parent[c]=n['id']
dt=collections.Counter()
for s,d in zip(p['samples'],p['timeDeltas']): dt[s]+=d
total=sum(dt.values())
def chain(nid):
    out=[]
    while nid is not None:
        out.append(nodes[nid]['callFrame']); nid=parent.get(nid)
    return out
cat=collections.Counter()
for nid,t in dt.items():
    fr=chain(nid); names=[f['functionName'] for f in fr]; urls=[f['url'] for f in fr]
    top=fr[0]; u=top['url']; fn=top['functionName']
    if fn=='(idle)': c='idle'
    elif fn=='(garbage collector)': c='GC'
    elif any(n in ('evaluate','Module._load','compileSourceTextModule','main','buildApp') for n in names) and not any(n=='calculateTaxItem' for n in names): c='startup/other'
    elif 'calculateNfeItem' in names: c='engine (calculateNfeItem)'
    elif 'serializeTaxItem' in names: c='answer JSON (serializeTaxItem)'
    elif 'calculateTaxItem' in names: c='tax service outside engine (facts, checks)'
    elif any('zod' in x or 'schemas.js' in x or 'parse.js' in x for x in urls): c='zod request validation'
    elif fn in ('writev','writevGeneric') or 'writev' in names or 'Socket._writev' in names: c='socket write (writev)'
    elif 'findUnsafeText' in names: c='safe-input scan'
    elif any('node:_http' in x or 'node:net' in x or 'stream' in x or 'node:internal' in x for x in urls) and not any('fastify' in x for x in urls): c='node http/net (parse, read, headers)'
    elif any('fastify' in x or 'light-my-request' in x or 'find-my-way' in x or 'avvio' in x for x in urls): c='fastify (routing, hooks, reply, content-type, logger)'
    elif any('pg' in x.split('/')[-3:-1] or '/pg/' in x or 'drizzle' in x for x in urls): c='pg/drizzle (startup, facts version check)'
    else: c='other: '+(fn or '(anon)')+' '+u.split('/')[-1]
    cat[c]+=t
busy=total-cat['idle']
print('total s',total/1e6,'busy s',busy/1e6)
for k,v in cat.most_common(40): print(f"{100*v/total:5.1f}% of wall {100*v/busy:5.1f}% of busy  {k}")
