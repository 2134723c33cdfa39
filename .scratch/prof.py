import json,sys,collections
p=json.load(open(sys.argv[1]))
nodes={n['id']:n for n in p['nodes']}
parent={}
for n in p['nodes']:
    for c in n.get('children',[]): parent[c]=n['id']
dt=collections.Counter()
samples=p['samples']; deltas=p['timeDeltas']
for s,d in zip(samples,deltas): dt[s]+=d
total=sum(dt.values())
self_t=collections.Counter(); incl=collections.Counter()
def name(n):
    cf=n['callFrame']; u=cf['url'].split('/')[-1]
    return f"{cf['functionName'] or '(anon)'} {u}:{cf['lineNumber']}"
for nid,t in dt.items():
    self_t[name(nodes[nid])]+=t
    seen=set(); x=nid
    while x is not None:
        nm=name(nodes[x])
        if nm not in seen: incl[nm]+=t; seen.add(nm)
        x=parent.get(x)
print('total ms',total/1000)
print('--- self')
for k,v in self_t.most_common(int(sys.argv[2]) if len(sys.argv)>2 else 40): print(f"{100*v/total:5.1f}% {k}")
print('--- inclusive')
for k,v in incl.most_common(int(sys.argv[3]) if len(sys.argv)>3 else 60): print(f"{100*v/total:5.1f}% {k}")
