// The release binary embeds webapp/dist: rebuild when the web build changes.
fn main() {
    println!("cargo:rerun-if-changed=../webapp/dist");
    println!("cargo:rerun-if-changed=../control-migrations");
    println!("cargo:rerun-if-changed=../tenant-migrations");
}
