import json, sys, numpy as np
d=sys.argv[1]
m=json.load(open(d+'/meta.json'))
arr={}
for p in m['params']+m.get('intermediates',[]):
    dt={'f16':np.float16,'f32':np.float32}[p['dtype']]
    arr[p['name']]=np.fromfile(d+'/'+p['file'],dtype=dt).reshape(p['shape'])
print({k:v.shape for k,v in arr.items()}, list(m.keys()))
t0=arr['t0'].astype(np.float64); W2=arr['W2'].astype(np.float64); b2=arr['b2'].astype(np.float64); Y=arr['Y'].astype(np.float64)
N,C,H,W=t0.shape; Ho=(H-1)//2+1; Wo=(W-1)//2+1
p=np.pad(t0,((0,0),(0,0),(1,1),(1,1)))
out=np.zeros((N,16,Ho,Wo))
for kh in range(3):
  for kw in range(3):
    win=p[:,:,kh:kh+2*Ho:2,kw:kw+2*Wo:2]
    out+=np.einsum('nchw,oc->nohw',win,W2[:,:,kh,kw])
out+=b2[None,:,None,None]
err=np.abs(out-Y); print('Y vs conv(t0): max err', err.max(), 'bad', (err>1e-2+1e-2*np.abs(Y)).sum(), 'of', err.size)
X=arr['X'].astype(np.float64); W1=arr['W1'].astype(np.float64)
px=np.pad(X,((0,0),(0,0),(1,1),(1,1))); z=np.zeros_like(t0)
for kh in range(3):
  for kw in range(3):
    z+=np.einsum('nchw,oc->nohw',px[:,:,kh:kh+H,kw:kw+W],W1[:,:,kh,kw])
print('t0 vs conv1(X): max err', np.abs(z-t0).max())
z16=z.astype(np.float16).astype(np.float64)
p=np.pad(z16,((0,0),(0,0),(1,1),(1,1))); out2=np.zeros((N,16,Ho,Wo))
for kh in range(3):
  for kw in range(3):
    out2+=np.einsum('nchw,oc->nohw',p[:,:,kh:kh+2*Ho:2,kw:kw+2*Wo:2],W2[:,:,kh,kw])
out2+=b2[None,:,None,None]
print('Y vs conv(f16(t0)): max err', np.abs(out2-Y).max())
