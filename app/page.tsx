export default function Home() {
  return <h1>Work efficiently</h1>;
}
